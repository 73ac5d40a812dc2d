/// What the Apple Pay button says (`PKPaymentButtonType`; the `type` of Purse's web `xPayButton.apple`).
///
/// Raw values are the web names (Apple Pay JS's button types, which Purse's web SDK takes), so a value stored for
/// the web reads the same here: `ApplePayButtonType(rawValue: "check-out")` is ``checkout``.
public struct ApplePayButtonType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The web name, e.g. `check-out`.
    public let rawValue: String
    /// A type by its web name; `nil` for a name Apple Pay has no button for.
    public init?(rawValue: String) {
        guard Self.all.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }
    private init(_ rawValue: String) { self.rawValue = rawValue }
    /// The web name.
    public var description: String { rawValue }

    /// "Apple Pay" alone (the default).
    public static let plain = ApplePayButtonType("plain")
    /// "Buy with Apple Pay".
    public static let buy = ApplePayButtonType("buy")
    /// "Set up Apple Pay".
    public static let setUp = ApplePayButtonType("set-up")
    /// "Pay with Apple Pay" in a store.
    public static let inStore = ApplePayButtonType("in-store")
    /// "Donate with Apple Pay".
    public static let donate = ApplePayButtonType("donate")
    /// "Check out with Apple Pay".
    public static let checkout = ApplePayButtonType("check-out")
    /// "Book with Apple Pay".
    public static let book = ApplePayButtonType("book")
    /// "Subscribe with Apple Pay".
    public static let subscribe = ApplePayButtonType("subscribe")
    /// "Reload with Apple Pay".
    public static let reload = ApplePayButtonType("reload")
    /// "Add money with Apple Pay".
    public static let addMoney = ApplePayButtonType("add-money")
    /// "Top up with Apple Pay".
    public static let topUp = ApplePayButtonType("top-up")
    /// "Order with Apple Pay".
    public static let order = ApplePayButtonType("order")
    /// "Rent with Apple Pay".
    public static let rent = ApplePayButtonType("rent")
    /// "Support with Apple Pay".
    public static let support = ApplePayButtonType("support")
    /// "Contribute with Apple Pay".
    public static let contribute = ApplePayButtonType("contribute")
    /// "Tip with Apple Pay".
    public static let tip = ApplePayButtonType("tip")
    /// "Continue with Apple Pay".
    public static let `continue` = ApplePayButtonType("continue")

    /// Every type, in `PKPaymentButtonType`'s order.
    public static let all: [ApplePayButtonType] = [
        .plain, .buy, .setUp, .inStore, .donate, .checkout, .book, .subscribe, .reload, .addMoney, .topUp, .order,
        .rent, .support, .contribute, .tip, .continue,
    ]
}

/// The Apple Pay button's colours (`PKPaymentButtonStyle`; the `buttonstyle` of Purse's web `xPayButton.apple`).
public enum ApplePayButtonStyle: String, Sendable, Hashable, CaseIterable {
    /// Black, for light backgrounds.
    case black
    /// White, for dark backgrounds.
    case white
    /// White with a black outline, for light backgrounds that do not contrast with white.
    case whiteOutline = "white-outline"
    /// Black or white following the system's light or dark appearance (the default).
    case automatic
}

/// How ``ApplePayButton`` looks: its type (what it says) and its style. Apple's rules apply: the button's text and
/// logo are drawn by the system; only these choices are the app's.
///
/// ```swift
/// var configuration = PurseCheckoutConfiguration()
/// configuration.applePay = ApplePayConfiguration(
///     merchantIdentifier: "merchant.com.example.shop",
///     button: ApplePayButtonAppearance(type: .checkout, style: .black))
/// ```
public struct ApplePayButtonAppearance: Sendable, Hashable {
    /// What the button says.
    public var type: ApplePayButtonType
    /// Its colours.
    public var style: ApplePayButtonStyle

    /// An appearance; the defaults are the system's plain, automatic button.
    public init(type: ApplePayButtonType = .plain, style: ApplePayButtonStyle = .automatic) {
        self.type = type
        self.style = style
    }

    /// The appearance Purse's web `xPayButton.apple` describes (`type`, `buttonstyle`), for apps that share one
    /// button configuration with their website. Unknown or missing names keep the defaults (`plain`,
    /// `automatic`); the web's sizes, padding and locale are layout the app's SwiftUI code sets.
    /// - Parameters:
    ///   - type: A web type name, e.g. `check-out`.
    ///   - buttonStyle: `black`, `white` or `white-outline`.
    public init(webType type: String?, buttonStyle: String?) {
        self.init(
            type: type.flatMap(ApplePayButtonType.init(rawValue:)) ?? .plain,
            style: buttonStyle.flatMap(ApplePayButtonStyle.init(rawValue:)) ?? .automatic)
    }
}
