public import Foundation
@_spi(PurseTools) public import PurseHeadlessCheckout
public import PurseSandbox

/// A redirect presenter for headless tests and CI: it follows the redirect against the sandbox's hosted
/// page over HTTP, as a browser without JavaScript would, and clicks the button its script says.
///
/// ```swift
/// let sandbox = try PurseSandbox()
/// let checkout = try await sandbox.openCheckout(amount: 42.99)
/// let presenter = ScriptedRedirectPresenter(sandbox: sandbox, steps: [.approve])
/// let element = checkout.paymentElement(for: .primaryMethod(fintecture), redirect: presenter)
/// await element.prepare()
/// let outcome = await element.submitAndWait()     // .returnedFromRedirect(url: https://shop.example.com/return?…)
/// sandbox.clientSessionStatus(id: checkout.session.id)?.payment?.authorizationStatus   // "AUTHORIZED"
/// ```
///
/// Each presentation takes the next step of the script:
/// - `.approve`, `.decline`, `.cancel`: loads the page (GET, the POST form, or the `.postHTML` document's
///   form), posts the button with that id, follows the redirects to the return destination and reports
///   `returned`. The sandbox's Cancel button also returns to the shop (the payment is `ABORTED`), so it is
///   `returned` too: the app confirms the status server-side.
/// - `.dismiss`: loads the page and closes it without deciding: `canceled` (the payment stays `PENDING`).
///
/// Every URL it meets goes through the same ``/PurseHeadlessCheckout/RedirectPolicy`` checks as the real presenters
/// (`refused redirect url`), and a redirect to anything but the return destination is followed only when the
/// policy allows it. Page or transport failures are `REDIRECT_PRESENTATION_FAILED`.
@MainActor
public final class ScriptedRedirectPresenter: RedirectPresenter {
    /// What the scripted shopper does on a page.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        /// Clicks the button with id `approve`.
        case approve
        /// Clicks the button with id `decline`.
        case decline
        /// Clicks the button with id `cancel`.
        case cancel
        /// Closes the page without clicking anything.
        case dismiss
    }

    /// The policy every URL is checked against.
    public let policy: RedirectPolicy
    /// The steps not taken yet.
    public private(set) var steps: [Step]
    /// Every action presented, in order.
    public private(set) var presented: [RedirectAction] = []
    /// Every URL loaded (pages, form posts, followed redirects), in order.
    public private(set) var visited: [URL] = []
    private let transport: any HTTPTransport

    /// A presenter that talks to the pages through `transport` (`SandboxTransport` in-process, or
    /// `URLSessionTransport` against a `SandboxServer`).
    public init(policy: RedirectPolicy, transport: any HTTPTransport, steps: [Step]) {
        self.policy = policy
        self.transport = transport
        self.steps = steps
    }

    /// A presenter on an in-process sandbox, whose sessions return to `https://shop.example.com/return` by
    /// default.
    public convenience init(
        sandbox: PurseSandbox, policy: RedirectPolicy = .sandboxShop, steps: [Step]
    ) {
        self.init(policy: policy, transport: SandboxTransport(sandbox), steps: steps)
    }

    /// Follows the action as the next step of the script says.
    public func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        presented.append(action)
        guard !steps.isEmpty else { return .failed(Self.failure("the script has no step left")) }
        let step = steps.removeFirst()
        do throws(PurseCheckoutError) {
            var page = try await open(action)
            var hops = 0
            while let location = page.redirect {
                if let returned = policy.classifyReturn(location).url { return .returned(returned) }
                hops += 1
                guard hops <= Self.maxRedirects else { throw Self.failure("too many redirects") }
                page = try await load(location, method: "GET", form: [])
            }
            guard step != .dismiss else { return .canceled }
            guard
                let form = RedirectHTML.forms(in: page.html).first(where: { form in
                    form.buttons.contains { $0.id == step.rawValue }
                }),
                let button = form.buttons.first(where: { $0.id == step.rawValue }),
                let action = URL(string: form.action ?? "", relativeTo: page.url)?.absoluteURL
            else { throw Self.failure("the page has no \(step.rawValue) button") }
            var fields = form.fields
            if let name = button.name { fields.append((name: name, value: button.value ?? "")) }
            page = try await load(action, method: form.method == "post" ? "POST" : "GET", form: fields)
            while let location = page.redirect {
                if let returned = policy.classifyReturn(location).url { return .returned(returned) }
                hops += 1
                guard hops <= Self.maxRedirects else { throw Self.failure("too many redirects") }
                page = try await load(location, method: "GET", form: [])
            }
            throw Self.failure("the page never returned to the app")
        } catch {
            return .failed(error)
        }
    }

    private static let maxRedirects = 10

    /// One loaded page: its URL, its HTML, and where a 3xx answer sends the browser next.
    private struct Page {
        var url: URL
        var html: String
        var redirect: URL?
    }

    private func open(_ action: RedirectAction) async throws(PurseCheckoutError) -> Page {
        switch action {
        case .get(let url):
            return try await load(url, method: "GET", form: [])
        case .postForm(let url, let fields):
            return try await load(url, method: "POST", form: fields.keys.sorted().map { ($0, fields[$0] ?? "") })
        case .postHTML(let html, _):
            guard let form = RedirectHTML.forms(in: html).first, let text = form.action, let url = URL(string: text)
            else { throw Self.refused }
            return try await load(url, method: form.method == "post" ? "POST" : "GET", form: form.fields)
        }
    }

    /// Loads `url` like a browser submitting a form: the policy first, then the request.
    private func load(
        _ url: URL, method: String, form: [(name: String, value: String)]
    ) async throws(PurseCheckoutError) -> Page {
        guard policy.allowsTarget(url) else { throw Self.refused }
        visited.append(url)
        let body = form.map { Self.formEncoded($0.name) + "=" + Self.formEncoded($0.value) }.joined(separator: "&")
        var target = url
        var headers = ["Accept": "text/html"]
        var payload: Data?
        if method == "POST" {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            payload = Data(body.utf8)
        } else if !body.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedQuery = body
            target = components.url ?? url
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(method: method, url: target, headers: headers, body: payload))
        } catch {
            throw Self.failure("the page could not be loaded (\(error))")
        }
        if (300..<400).contains(response.status) {
            guard let location = response.header("location"), let next = URL(string: location, relativeTo: url)
            else { throw Self.failure("a redirect without a location") }
            return Page(url: url, html: "", redirect: next.absoluteURL)
        }
        guard (200..<300).contains(response.status) else {
            throw Self.failure("the page answered HTTP \(response.status)")
        }
        return Page(url: url, html: String(decoding: response.body, as: UTF8.self), redirect: nil)
    }

    private static var refused: PurseCheckoutError {
        PurseCheckoutError(.redirectRefused, message: "refused redirect url", kind: .payment)
    }

    private static func failure(_ message: String) -> PurseCheckoutError {
        PurseCheckoutError(.redirectPresentationFailed, message: message, kind: .payment)
    }

    /// `application/x-www-form-urlencoded`: letters, digits and `-._*` as is, space as `+`, the rest `%XX`.
    private static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "*"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): encoded += "+"
            default: encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}

extension RedirectPolicy {
    /// The policy for the sandbox's default return URL, `https://shop.example.com/return` (a universal link).
    public static let sandboxShop = RedirectPolicy(
        returnDestination: .universalLink(host: "shop.example.com", path: "/return"))
}
