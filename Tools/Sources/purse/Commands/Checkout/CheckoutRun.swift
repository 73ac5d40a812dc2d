import Foundation
import PurseHeadlessCheckout
import PurseLoopbackRedirect
import PurseSandbox
import PurseSandboxServer

/// One run of `purse checkout`: what it started (and must stop), and what Ctrl-C means at each moment.
@MainActor
final class CheckoutRun {
    let settings: CheckoutOptions
    /// The dialogue's words, in the checkout's language (`--locale`, `PURSE_LOCALE`, `LANG`).
    let text: CLIText
    let console: Console
    let screen: CheckoutScreen
    private let input = TerminalInput()
    let spinner: Spinner
    private var server: SandboxServer?
    private var loopback: LoopbackRedirectPresenter?
    private var dialogue: InteractiveCheckout?
    private var sessionID: String?
    private var interruptedWhileSubmitting = false
    private var interruptedOnPage = false

    /// The merchant backend's view of a session, on the embedded sandbox.
    typealias Confirmation = (session: String, authorization: String?, paymentID: String?)
    var confirm: ((String) async throws -> Confirmation)?
    /// The cart change `--new-amount` asks for: the new amount, and the backend call that creates its session.
    private var cartChange: InteractiveCheckout.CartChange?

    init(settings: CheckoutOptions, console: Console) {
        self.settings = settings
        text = CLIText(locale: settings.locale)
        self.console = console
        if settings.json {
            let colors = Console.colorsAllowed(on: STDERR_FILENO)
            screen = CheckoutScreen(console: Console(colors: colors, interactive: colors), toStandardError: true)
        } else {
            screen = CheckoutScreen(console: console, toStandardError: false)
        }
        spinner = Spinner(allowed: !settings.json)
    }

    func run() async -> Int32 {
        let signals = InterruptSignals.install()
        // Cancelled on the way out (below), so holding `self` strongly here keeps nothing alive for long.
        let watcher = Task { @MainActor in
            for await signal in signals { self.interrupted(by: signal) }
        }
        defer {
            watcher.cancel()
            stopEverything()
        }
        if let asked = settings.unsupportedLocale {
            screen.problem(text("cli.locale.unsupported", [("locale", .text(asked))]))
        }
        var report: CheckoutReport
        do {
            report = try await openAndRun()
        } catch {
            // The stage could not be set (unreadable or malformed widget data, a sandbox that cannot start, a
            // session that cannot open): nothing was sent.
            // The command's name before what went wrong, as its usage errors and argument-parser's begin.
            FileHandle.standardError.write(Data("purse checkout: \(error)\n".utf8))  // not shopper text
            if settings.json {
                var failure = CheckoutReport(outcome: error is UsageError ? .usageError : .failed, message: "\(error)")
                failure.sessionID = sessionID
                failure.error = error as? PurseCheckoutError
                console.print(failure.json.jsonText)
            }
            return error is UsageError ? ExitStatus.usage : ExitStatus.failure
        }
        report.interruptedWhileSubmitting = interruptedWhileSubmitting
        report.interruptedOnPage = interruptedOnPage
        show(report)
        return report.exitStatus
    }

    // MARK: - Setting the stage

    private func openAndRun() async throws -> CheckoutReport {
        let checkout: PurseHeadlessCheckout
        let presenter: TerminalRedirectPresenter
        let opener = TerminalRedirectPresenter.opener(noBrowser: settings.noBrowser, screen: screen, text: text)
        switch settings.target {
        case .embedded(let order):
            (checkout, presenter) = try await openEmbedded(order, opener: opener)
        case .remote(let apiBase, let source):
            (checkout, presenter) = try await openRemote(apiBase: apiBase, source: source, opener: opener)
        }
        sessionID = checkout.session.id
        let dialogue = InteractiveCheckout(
            checkout: checkout, presenter: presenter, screen: screen, input: input, spinner: spinner, text: text)
        dialogue.cartChange = cartChange
        dialogue.showsEveryMethod = settings.allMethods
        dialogue.onSessionChange = { [weak self] id in self?.sessionID = id }
        self.dialogue = dialogue
        let ending = await dialogue.run()
        return await report(ending, checkout: checkout, presenter: presenter)
    }

    private func openEmbedded(
        _ order: CheckoutOptions.EmbeddedOrder, opener: BrowserOpener
    ) async throws -> (PurseHeadlessCheckout, TerminalRedirectPresenter) {
        let sandbox: PurseSandbox
        do {
            sandbox = try PurseSandbox()
        } catch {
            throw CheckoutFailure(text("cli.checkout.failure.sandboxStart", [("error", .text("\(error)"))]))
        }
        let server = SandboxServer(sandbox: sandbox)
        self.server = server
        let base: URL
        do {
            base = try server.start()
        } catch {
            throw CheckoutFailure(text("cli.checkout.failure.sandboxListen", [("error", .text("\(error)"))]))
        }
        screen.line(
            screen.console.dim(text("cli.sandbox.embedded", [("url", .text(base.absoluteString))]))
        )
        let loopback = LoopbackRedirectPresenter(
            policy: RedirectPolicy(returnDestination: .loopback(port: 0, path: "/purse-return")), opener: opener)
        self.loopback = loopback
        let returnURL = try loopback.start()
        let entity = sandbox.catalogue.entity
        let backend = MerchantBackend(
            base: base, apiKey: entity.apiKey, entityID: entity.entityId, clientID: entity.clientId,
            clientSecret: entity.clientSecret, transport: URLSessionTransport())
        let reference = "cli-" + UUID().uuidString.prefix(8).lowercased()
        let token: String
        let created: (id: String, widgetData: String)
        do {
            (token, created) = try await spinner.during(text("cli.checkout.creatingOrder")) {
                let token = try await backend.accessToken()
                let created = try await backend.createClientSession(
                    token: token, amount: order.amountMinorUnits, currency: order.currency, customer: order.shopper,
                    order: reference, returnURL: returnURL.absoluteString,
                    locale: settings.locale.identifier(.bcp47))
                return (token, created)
            }
        } catch let failure as MerchantBackend.Failure {
            // The order the options describe is one the sandbox refuses: a usage error, in the sandbox's words.
            switch failure.code {
            case "UNSUPPORTED_CURRENCY":
                throw UsageError(description: "--currency \(order.currency): \(failure.message ?? failure.description)")
            case "INVALID_AMOUNT":
                throw UsageError(description: "--amount: \(failure.message ?? failure.description)")
            default: throw failure
            }
        }
        confirm = { sessionID in try await backend.status(token: token, sessionID: sessionID) }
        // The embedded backend can create a client session for a new cart: `--new-amount` asks for one after the
        // gift cards, and the shopper can ask for one at the confirmation. Each new order has its own reference.
        let returnAddress = returnURL.absoluteString
        let locale = settings.locale.identifier(.bcp47)
        let orders = OrderCounter()
        cartChange = InteractiveCheckout.CartChange(scriptedAmount: order.newAmountMinorUnits) { amount in
            let number = await orders.next()
            return try await backend.createClientSession(
                token: token, amount: amount, currency: order.currency, customer: order.shopper,
                order: reference + "-\(number)", returnURL: returnAddress, locale: locale)
        }
        // The checkout confirms each page's outcome with the merchant backend, as an app does with its own.
        var configuration = PurseCheckoutConfiguration(
            paymentStatusProvider: MerchantStatusProvider(backend: backend, token: token), locale: settings.locale)
        configuration.cardFields = .appDrawnFieldsInPCIScope  // the terminal draws the card fields
        let checkout = try await spinner.during(text("cli.checkout.opening")) {
            try await PurseHeadlessCheckout(widgetData: created.widgetData, configuration: configuration)
        }
        let presenter = TerminalRedirectPresenter(
            loopback: loopback, catchesReturn: true, sessionReturnURL: returnURL, input: input, screen: screen,
            text: text)
        return (checkout, presenter)
    }

    private func openRemote(
        apiBase: URL, source: CheckoutOptions.WidgetDataSource, opener: BrowserOpener
    ) async throws -> (PurseHeadlessCheckout, TerminalRedirectPresenter) {
        let widgetData = try source.read(text: text)
        let session: ClientSession
        do {
            session = try SessionDecoder.decode(widgetData: widgetData)
        } catch {
            throw CheckoutFailure(text("cli.checkout.failure.widgetData", [("error", .text("\(error)"))]))
        }
        sessionID = session.id
        let roots =
            CheckoutOptions.isLoopback(apiBase.host ?? "")
            ? APIRoots.sandbox(base: apiBase)
            : APIRoots(
                payment: apiBase, wallet: apiBase, datetime: apiBase, logs: apiBase, vault: session.apiRoots.vault)
        let screen = screen
        let text = text
        var configuration = PurseCheckoutConfiguration(
            apiRoots: roots,
            logHandler: { entry in
                // Warnings only (an unreachable server, a failed look-up): the SDK never logs card data. The entry's
                // message is the SDK's developer account, in English.
                if entry.level >= .warning {
                    screen.problem(text("cli.checkout.sdkNote", [("message", .text(entry.message))]))
                }
            }, locale: settings.locale)
        configuration.cardFields = .appDrawnFieldsInPCIScope  // the terminal draws the card fields
        screen.line(
            screen.console.dim(
                text(
                    "cli.checkout.remoteSession",
                    [("url", .text(apiBase.absoluteString)), ("session", .text(session.id))])))
        let checkout: PurseHeadlessCheckout
        do {
            checkout = try await spinner.during(text("cli.checkout.opening")) {
                try await PurseHeadlessCheckout(session: session, configuration: configuration)
            }
        } catch {
            throw CheckoutFailure(text("cli.checkout.failure.open", [("error", .text("\(error)"))]))
        }
        // The return is caught only when the session sends the shopper back to a loopback address that a
        // loopback presenter issued (its path ends in an unguessable value).
        var presenter: TerminalRedirectPresenter?
        if let returnURL = session.returnURL, returnURL.scheme == "http", returnURL.host == "127.0.0.1",
            let port = returnURL.port, let bound = UInt16(exactly: port), bound != 0, returnURL.query == nil,
            let lastSlash = returnURL.path.lastIndex(of: "/")
        {
            let path = lastSlash == returnURL.path.startIndex ? "/" : String(returnURL.path[..<lastSlash])
            let loopback = LoopbackRedirectPresenter(
                policy: RedirectPolicy(returnDestination: .loopback(port: bound, path: path)), opener: opener)
            do {
                try loopback.resume(returnURL: returnURL)
                self.loopback = loopback
                presenter = TerminalRedirectPresenter(
                    loopback: loopback, catchesReturn: true, sessionReturnURL: returnURL, input: input, screen: screen,
                    text: text)
            } catch {
                screen.problem(
                    text(
                        "cli.checkout.returnNotListened",
                        [("url", .text(returnURL.absoluteString)), ("error", .text("\(error)"))]))
            }
        }
        if let presenter { return (checkout, presenter) }
        // Pages are still served from 127.0.0.1 (a POST form needs a page to post it); the return is not caught.
        let serving = LoopbackRedirectPresenter(
            policy: RedirectPolicy(returnDestination: .loopback(port: 0, path: "/purse-return")), opener: opener)
        loopback = serving
        return (
            checkout,
            TerminalRedirectPresenter(
                loopback: serving, catchesReturn: false, sessionReturnURL: session.returnURL, input: input,
                screen: screen, text: text)
        )
    }

    // MARK: - Ctrl-C

    private func interrupted(by signal: Int32) {
        switch dialogue?.phase ?? .choosing {
        case .choosing:
            cancelAndExit(signal: signal)
        case .submitting, .done:
            if !interruptedWhileSubmitting {
                screen.problem(text("cli.interrupt.alreadySent"))
            }
            interruptedWhileSubmitting = true
        case .waitingForPage:
            // Said once: a second signal (Ctrl-C pressed again, or delivered to the process group and to the
            // process) stops nothing more.
            guard !interruptedOnPage else { return }
            interruptedWhileSubmitting = true
            interruptedOnPage = true
            screen.problem(text("cli.interrupt.stoppedWaiting"))
            dialogue?.presenter.interrupt()
        }
    }

    /// Nothing was sent: stop everything this run started and leave with 128 + the signal's number.
    private func cancelAndExit(signal: Int32) -> Never {
        if spinner.isEnabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        input.restoreTerminal()
        stopEverything()
        var report = CheckoutReport(outcome: .cancelled, message: text("cli.interrupt.cancelled"))
        report.sessionID = sessionID
        report.signal = signal
        FileHandle.standardError.write(Data(TerminalText.printable("\n" + report.message + "\n").utf8))
        if settings.json { console.print(report.json.jsonText) }
        exit(report.exitStatus)
    }

    /// Stops the embedded sandbox and the return listener; the listener first lets its last page (the return the
    /// shopper's browser is waiting on) go out, since the process exits right after.
    private func stopEverything() {
        loopback?.stopAndWait()
        server?.stop()
    }
}
