public import Foundation

extension ClientSession {
    /// The shopper's locale the session carries: the first `customer.locale_code` (`fr-FR`) in a method's
    /// `contracts`, in the order the methods are listed; `nil` when none has one (`und`, the code for "not
    /// known", counts as none).
    public var customerLocale: Locale? {
        for method in primaryMethods {
            if let contracts = method.contracts, let code = Self.localeCode(in: contracts) {
                return Locale(identifier: code)
            }
        }
        return nil
    }

    /// The first usable `customer.locale_code` in `value`, depth first, members in key order.
    private static func localeCode(in value: JSONValue) -> String? {
        switch value {
        case .object(let members):
            if case .object(let customer)? = members["customer"], case .string(let code)? = customer["locale_code"],
                !code.isEmpty, code.lowercased() != "und"
            {
                return code
            }
            for key in members.keys.sorted() {
                if let member = members[key], let code = localeCode(in: member) { return code }
            }
            return nil
        case .array(let elements):
            return elements.lazy.compactMap(localeCode(in:)).first
        default:
            return nil
        }
    }
}

extension PurseLocalizer {
    /// A checkout's localizer: the configured locale, else the session's customer locale, else the device's.
    init(configuration: PurseCheckoutConfiguration, session: ClientSession) {
        self.init(
            locale: configuration.locale ?? session.customerLocale ?? .current,
            overrides: configuration.messageOverrides)
    }
}

extension PurseHeadlessCheckout {
    /// `message` in the checkout's language, with your overrides (``localizer``).
    /// ```swift
    /// Text(checkout.localizedString(reason.localizedMessage))
    /// ```
    public func localizedString(_ message: PurseMessage) -> String { localizer.string(message) }
}
