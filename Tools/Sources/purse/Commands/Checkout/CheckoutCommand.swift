import ArgumentParser
import Foundation

/// `purse checkout`: an interactive checkout in the terminal, on an embedded sandbox or on a session created
/// elsewhere (`--api-base` and `--widget-data`).
///
/// The dialogue is ``InteractiveCheckout``; ``CheckoutRun`` sets the stage (sandbox, merchant backend, loopback
/// listener, the checkout itself), handles Ctrl-C, and reports. ``CheckoutReport`` documents the exit statuses.
struct CheckoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "Pay an order interactively: choose a saved instrument or a method, add gift cards, type the CVV.",
        discussion: """
            Without --api-base, an embedded sandbox starts on 127.0.0.1 and this command plays the merchant \
            backend: it creates the order's client session for the shopper, and confirms the payment server-side \
            at the end. With --api-base, it pays the session whose widget data you give (created by your backend \
            or with `curl` on a `purse sandbox`); a loopback sandbox is called at /gateway, /wallet, /clock, \
            /logs and /vault, any other host is the Purse API with the vault the widget data names.

            The dialogue: the numbered list of saved instruments and methods; gift cards (number, then PIN) with \
            the split after each; the instrument that pays the rest (a saved card's CVV, a new card's security \
            code and gift card PINs are read with the terminal's echo off); a y/N confirmation; one submit. \
            With --new-amount the cart changes after the gift cards (a delivery fee, a promo code): the backend \
            creates a new client session and the checkout moves onto it (updateSession), keeping the gift cards; \
            the change report is printed. \
            Hosted pages (PSP, 3-D Secure) open in the browser (xdg-open, open) or are printed with --no-browser; \
            the return is caught on 127.0.0.1 when the session's shopper_redirection_url is \
            http://127.0.0.1:PORT/PATH (always on the embedded sandbox). Answers may be piped on stdin. Test cards \
            and gift cards: `purse sandbox --catalogue`.

            Ctrl-C at a question cancels and charges nothing (exit 130); once the payment is sent it is \
            completed and reported. Exit status: 0 paid (or back from the page with --api-base: confirm \
            server-side), 1 not paid or bad input data, 2 sent but its outcome is unknown here (confirm \
            server-side), 64 usage error, 130 cancelled.
            """)

    // `.unconditional`: the next argument is the value even when it starts with a dash, so `--amount -5` is
    // refused for what it is (an amount below zero) instead of "Missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Order amount on the embedded sandbox, above zero (default 42.50; 42,50 in a French locale).",
            valueName: "amount"))
    var amount: String?

    @Option(
        name: .customLong("new-amount"), parsing: .unconditional,
        help: ArgumentHelp(
            "The cart changes after the gift cards (embedded sandbox): the backend creates a session for this amount "
                + "and the checkout moves onto it, printing what changed.", valueName: "amount"))
    var newAmount: String?

    @Option(help: ArgumentHelp("ISO 4217 currency of that order (default EUR).", valueName: "code"))
    var currency: String?

    @Option(
        help: ArgumentHelp(
            "demo-shopper (saved cards and gift cards; default), empty-shopper (an empty wallet; \"empty\" for short), "
                + "shared-wallet-shopper (a card of Purse's shared wallet), oney-shopper (a saved Oney card) "
                + "or guest (no shopper reference), as the catalogue names them.", valueName: "name"),
        completion: .list(CheckoutOptions.shopperNames))
    var shopper: String?

    @Option(
        name: .customLong("api-base"),
        help: ArgumentHelp(
            "Pay a session created elsewhere: a `purse sandbox` (http://127.0.0.1:PORT) or a Purse API (https).",
            valueName: "url"))
    var apiBase: String?

    @Option(
        name: .customLong("widget-data"),
        help: ArgumentHelp(
            "The session's widget.data, inline or read from FILE (required with --api-base).",
            valueName: "string|@file"))
    var widgetData: String?

    @Flag(name: .customLong("no-browser"), help: "Print hosted pages' addresses instead of opening a browser.")
    var noBrowser = false

    @Flag(
        help: ArgumentHelp(
            "Also list what a shopper's app hides (methods and saved instruments no plugin pays on this platform), "
                + "with why: the developer's view."))
    var allMethods = false

    @Flag(help: "Print one JSON object with the outcome on stdout; the dialogue goes to stderr.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "The dialogue's language: en or fr (fr_FR, fr-BE… read French); another reads English, with a warning. "
                + "Default: PURSE_LOCALE, then LC_ALL, LC_MESSAGES or LANG, else English.", valueName: "locale"))
    var locale: String?

    /// The options, checked: every combination and value mistake is a usage error, before anything starts.
    func settings() throws(UsageError) -> CheckoutOptions {
        try CheckoutOptions(
            amount: amount, currency: currency, shopper: shopper, apiBase: apiBase, widgetData: widgetData, json: json,
            noBrowser: noBrowser, locale: locale, newAmount: newAmount, allMethods: allMethods)
    }

    func validate() throws {
        do {
            _ = try settings()
        } catch {
            throw error.validation
        }
    }

    @MainActor
    func run() async throws {
        let status = await CheckoutRun(settings: try settings(), console: Console.standard()).run()
        if status != 0 { throw ExitCode(status) }
    }
}
