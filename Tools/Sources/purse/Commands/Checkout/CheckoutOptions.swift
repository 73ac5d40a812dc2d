import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// The options of `purse checkout`, checked before anything starts: every mistake in how the command was
/// called is a ``UsageError`` (exit status 64).
struct CheckoutOptions {
    /// Where the checkout runs.
    enum Target {
        /// An embedded sandbox on 127.0.0.1; the command plays the merchant backend and creates the session.
        case embedded(order: EmbeddedOrder)
        /// A session somebody else created: on a running `purse sandbox` or a Purse environment.
        case remote(apiBase: URL, widgetData: WidgetDataSource)
    }

    /// The order the embedded merchant backend creates.
    struct EmbeddedOrder {
        let amountMinorUnits: Int64
        let currency: String
        /// `customer.reference` of the session (a wallet with saved instruments), or `nil` for a guest.
        let shopper: String?
        /// The amount the cart changes to after the gift cards (`--new-amount`), or `nil`: the backend then
        /// creates a new client session and the checkout moves onto it (`updateSession`).
        var newAmountMinorUnits: Int64? = nil
    }

    /// Where the widget data comes from; read by ``read()`` (a missing file is a data error, exit 1).
    enum WidgetDataSource {
        case inline(String)
        case file(String)

        /// The widget data, trimmed.
        /// - Throws: ``CheckoutFailure`` naming the file when it cannot be read or is empty, in the dialogue's
        ///   language (`words`). Never quotes the widget data itself: it carries the entity's API key and the wallet
        ///   session.
        func read(text words: CLIText) throws(CheckoutFailure) -> String {
            let text: String
            switch self {
            case .inline(let value):
                text = value
            case .file(let path):
                do {
                    text = try String(contentsOfFile: path, encoding: .utf8)
                } catch {
                    let reason =
                        (error as NSError).localizedFailureReason ?? words("cli.checkout.widgetData.notReadable")
                    throw CheckoutFailure(
                        words("cli.checkout.widgetData.unreadable", [("path", .text(path)), ("reason", .text(reason))]))
                }
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                if case .file(let path) = self {
                    throw CheckoutFailure(words("cli.checkout.widgetData.emptyFile", [("path", .text(path))]))
                }
                throw CheckoutFailure(words("cli.checkout.widgetData.empty"))
            }
            return trimmed
        }
    }

    let target: Target
    /// One JSON object with the outcome on standard output; the dialogue goes to standard error.
    let json: Bool
    /// Print the hosted pages' addresses instead of opening a browser.
    let noBrowser: Bool
    /// `--all-methods`: the menu also lists what an app hides (``UnavailableReason/shouldBeHidden``), with why.
    let allMethods: Bool
    /// The dialogue's and the SDK's language: `--locale`, else the environment (``CLIText/locale(option:environment:)``),
    /// when the dialogue speaks it (``CLIText/languages``); English otherwise, so that one run speaks one language.
    let locale: Locale
    /// The locale `--locale` or `PURSE_LOCALE` asked for when the dialogue does not speak it (English is used, and the
    /// run says so); `nil` otherwise. A language of the environment (`LANG`) that it does not speak reads English
    /// without a word.
    let unsupportedLocale: String?

    static let defaultAmount = "42.50"
    static let shoppers: [String: String?] = [
        "demo-shopper": PurseSandbox.demoShopper, "demo": PurseSandbox.demoShopper,
        "empty": PurseSandbox.emptyShopper, "empty-shopper": PurseSandbox.emptyShopper,
        "shared-wallet-shopper": PurseSandbox.sharedWalletShopper, "oney-shopper": PurseSandbox.oneyShopper,
        "guest": nil,
    ]
    /// The names `--shopper` takes, as its help and completion list them.
    static let shopperNames = ["demo-shopper", "empty-shopper", "shared-wallet-shopper", "oney-shopper", "guest"]

    /// The options as given on the command line (`nil`: not given), checked.
    init(
        amount: String?, currency: String?, shopper: String?, apiBase: String?, widgetData: String?, json: Bool,
        noBrowser: Bool, locale: String? = nil, newAmount: String? = nil, allMethods: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) {
        let requested = CLIText.locale(option: locale, environment: environment)
        let language = requested.language.languageCode?.identifier.lowercased() ?? "en"
        if CLIText.languages.contains(language) {
            self.locale = requested
            unsupportedLocale = nil
        } else {
            self.locale = Locale(identifier: "en")
            let asked = [locale, environment["PURSE_LOCALE"]].compactMap { $0 }.first { !$0.isEmpty }
            unsupportedLocale = asked
        }
        self.json = json
        self.noBrowser = noBrowser
        self.allMethods = allMethods
        if let base = apiBase {
            guard let widgetData else {
                throw UsageError(
                    description: "--api-base needs --widget-data STRING|@FILE (the session created on that API)")
            }
            for (embeddedOnly, value) in [
                ("amount", amount), ("currency", currency), ("shopper", shopper), ("new-amount", newAmount),
            ]
            where value != nil {
                throw UsageError(
                    description: "--\(embeddedOnly) is for the embedded sandbox: with --api-base the session decides")
            }
            target = .remote(apiBase: try Self.apiBase(base), widgetData: try Self.widgetDataSource(widgetData))
        } else {
            guard widgetData == nil else {
                throw UsageError(description: "--widget-data needs --api-base URL (where the session was created)")
            }
            let currency = try Self.currency(currency ?? "EUR")
            // "20,5" where the locale writes amounts with a decimal comma (French), as the dialogue reads them.
            let decimalComma = self.locale.decimalSeparator == ","
            let amount = try Self.minorUnits(
                amount ?? Self.defaultAmount, exponent: Currency(code: currency).exponent, decimalComma: decimalComma)
            let name = shopper ?? "demo-shopper"
            guard let shopper = Self.shoppers[name] else {
                throw UsageError(
                    description:
                        "--shopper must be \(Self.shopperNames.dropLast().joined(separator: ", ")) or guest, got '\(name)'"
                )
            }
            var order = EmbeddedOrder(amountMinorUnits: amount, currency: currency, shopper: shopper)
            if let newAmount {
                do {
                    order.newAmountMinorUnits = try Self.minorUnits(
                        newAmount, exponent: Currency(code: currency).exponent, decimalComma: decimalComma)
                } catch {
                    throw UsageError(
                        description: error.description.replacingOccurrences(of: "--amount", with: "--new-amount"))
                }
            }
            target = .embedded(order: order)
        }
    }

    /// An http(s) URL with a host and nothing after the path; plain http only to a loopback host (card data
    /// never travels in clear over a network).
    static func apiBase(_ text: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
            !host.isEmpty
        else {
            throw UsageError(
                description: "--api-base must be an http(s) URL such as http://127.0.0.1:8080, got '\(text)'")
        }
        guard scheme == "https" || scheme == "http" else {
            throw UsageError(description: "--api-base must use https (or http to 127.0.0.1), got '\(scheme):'")
        }
        guard url.query == nil, url.fragment == nil, url.user == nil else {
            throw UsageError(description: "--api-base must be a base URL without user, query or fragment")
        }
        if scheme == "http" && !isLoopback(host) {
            throw UsageError(
                description: "--api-base may use plain http only for a loopback host (127.0.0.1, ::1, localhost)")
        }
        return url
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    static func widgetDataSource(_ text: String) throws(UsageError) -> WidgetDataSource {
        guard text.hasPrefix("@") else {
            guard !text.isEmpty else { throw UsageError(description: "--widget-data is empty") }
            return .inline(text)
        }
        let path = String(text.dropFirst())
        guard !path.isEmpty else { throw UsageError(description: "--widget-data @FILE needs a file name after @") }
        return .file(path)
    }

    /// The currencies the embedded sandbox's client-session API accepts (it answers `UNSUPPORTED_CURRENCY` to
    /// any other): checked here so a wrong `--currency` is refused before anything starts.
    static let embeddedCurrencies = ["CHF", "EUR", "GBP", "JPY", "USD"]

    static func currency(_ text: String) throws(UsageError) -> String {
        guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError(description: "--currency must be an ISO 4217 code such as EUR, got '\(text)'")
        }
        let code = text.uppercased()
        guard embeddedCurrencies.contains(code) else {
            let known = embeddedCurrencies.joined(separator: ", ")
            throw UsageError(description: "--currency must be one the embedded sandbox takes (\(known)), got '\(text)'")
        }
        return code
    }

    /// `"42.5"` → 4250 for EUR: digits, an optional point and at most `exponent` decimals, more than zero.
    ///
    /// A negative amount (`-5`, given as `--amount -5` or `--amount=-5`) and zero are refused as amounts below or
    /// at zero; anything else that is not digits with an optional point is refused as not an amount.
    /// With `decimalComma` (a locale that writes `20,5`), one comma stands for the point.
    static func minorUnits(_ given: String, exponent: Int, decimalComma: Bool = false) throws(UsageError) -> Int64 {
        let text =
            decimalComma && given.filter({ $0 == "," }).count == 1 && !given.contains(".")
            ? given.replacingOccurrences(of: ",", with: ".") : given
        let digitsOnly = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        let isDecimal = { (text: Substring) -> Bool in
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count <= 2 && digitsOnly(parts[0]) && (parts.count == 1 || digitsOnly(parts[1]))
        }
        // A usage error's message (thrown as `UsageError` twice below), English as argument-parser's own are.
        let belowZero = "--amount: the amount must be above zero, such as 42.50; got '\(given)'"  // not shopper text
        if text.hasPrefix("-"), isDecimal(text.dropFirst()) { throw UsageError(description: belowZero) }
        guard isDecimal(Substring(text)) else {
            throw UsageError(description: "--amount must be an amount above zero such as 42.50, got '\(given)'")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= exponent else {
            throw UsageError(description: "--amount has more than \(exponent) decimals for this currency: '\(given)'")
        }
        let whole = String(parts[0].drop { $0 == "0" })
        guard whole.count <= 12, let units = Int64((whole.isEmpty ? "0" : whole) + fraction.padding(exponent)) else {
            throw UsageError(description: "--amount must be less than 10^12, got '\(given)'")
        }
        guard units > 0 else { throw UsageError(description: belowZero) }
        return units
    }
}

extension String {
    /// The string padded with zeros on the right to `length` characters.
    fileprivate func padding(_ length: Int) -> String {
        self + String(repeating: "0", count: Swift.max(0, length - count))
    }
}

/// A failure that ends the command with exit status 1 and this message (never card data).
struct CheckoutFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
