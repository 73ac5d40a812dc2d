import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The redirection method's routing, element and outcomes against a stub gateway.
@MainActor
@Suite("Redirection methods: routing, element, /init refusals, pendingRedirect")
struct RedirectionElementTests {
    nonisolated static let page = URL(string: "https://psp.example/pay/1")!

    static func configuration(template: String, integrationMode: String? = nil) throws -> MethodConfiguration {
        var settings: [String: JSONValue] = [:]
        if let integrationMode { settings["merchant_specifics"] = ["integration_mode": .string(integrationMode)] }
        let raw: JSONValue = [
            "template": .string(template), "labels": ["x", "primary"], "settings": .object(settings),
        ]
        return try MethodConfiguration(
            reading: JSONReader(raw, path: "configurations") { PurseCheckoutError(.sessionMalformed, message: $0) })
    }

    @Test(
        "template or integration_mode equal to redirection routes to the redirection plugin",
        arguments: [("redirection", nil), ("alma", "redirection"), ("lyra", "redirection"), ("redirection", "popup")])
    func routes(template: String, mode: String?) throws {
        let configuration = try Self.configuration(template: template, integrationMode: mode)
        #expect(PluginRegistry.route(configuration) == .redirection)
        #expect(PluginRegistry.shared.plugin(for: configuration) is any RedirectionPlugin)
    }

    @Test(
        "near misses route elsewhere: the method never appears as redirection",
        arguments: [
            ("redirection_suffix", nil), ("Redirection", nil), ("REDIRECTION", nil), (" redirection", nil),
            ("redirection ", nil), ("redirections", nil), ("xredirection", nil), ("redirect", nil),
            ("alma", "Redirection"), ("alma", "redirection_suffix"), ("alma", "popup"), ("alma", " redirection"),
            ("alma", "embedded"),
        ] as [(String, String?)])
    func nearMisses(template: String, mode: String?) throws {
        let configuration = try Self.configuration(template: template, integrationMode: mode)
        #expect(PluginRegistry.route(configuration) != .redirection)
        #expect(!(PluginRegistry.shared.plugin(for: configuration) is any RedirectionPlugin))
    }

    /// A gateway whose `/init` answers `initAnswer` and whose `/validate` asks for `redirection`.
    nonisolated static func gateway(
        initAnswer: HTTPResponse = StubTransport.json(
            200, ["id": "i1", "step_id": 9, "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"]]),
        redirection: JSONValue? = ["url": .string(page.absoluteString)]
    ) -> StubTransport.Handler {
        { request in
            if request.url.path.hasSuffix("/init") { return initAnswer }
            return SubmissionTests.validateAnswer(
                state: redirection == nil ? "SUCCESS" : "WAITING", redirection: redirection)
        }
    }

    @Test(
        "an HTTP-level /init refusal fails the element with API_ERROR and the page's message",
        arguments: [400, 403, 404, 422])
    func initRefused(status: Int) async throws {
        let (checkout, transport) = try await SubmissionTests.open(
            routes: Self.gateway(initAnswer: StubTransport.json(status, ["code": "REFUSED", "message": "no"])))
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .apiError)
        #expect(error.message == "Payment API POST /init failed: HTTP \(status)")
        #expect(error.httpStatus == status)
        #expect(transport.requests(endingWith: "/validate").isEmpty)
        #expect(checkout.sessionState == .error)
    }

    @Test("the redirection plugin does not read /init's status.state: a FAILED answer still goes to /validate")
    func initStateNotInspected() async throws {
        let failedInit = StubTransport.json(
            200, ["id": "i1", "step_id": 9, "status": ["action": "INIT", "state": "FAILED", "code": "REFUSED"]])
        let (checkout, transport) = try await SubmissionTests.open(routes: Self.gateway(initAnswer: failedInit))
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]))
        await element.prepare()
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed (no presenter)")
            return
        }
        let body = try JSONValue.parse(try #require(transport.requests(endingWith: "/validate").first?.body))
        #expect(body.arrayValue?.first?["step_id"] == 9)
    }

    @Test("a 200 /init without step_id sends /validate without one (the gateway refuses it there)")
    func initWithoutStepID() async throws {
        let noStep = StubTransport.json(
            200, ["id": "i1", "status": ["action": "INIT", "state": "SUCCESS", "code": "OK"]])
        let (checkout, transport) = try await SubmissionTests.open(routes: Self.gateway(initAnswer: noStep))
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]))
        await element.prepare()
        _ = await element.submitAndWait()
        let body = try JSONValue.parse(try #require(transport.requests(endingWith: "/validate").first?.body))
        #expect(body.arrayValue?.first?["step_id"] == nil)
    }

    @Test("completed with nothing opened: pendingRedirect tells 'no presenter' from 'nothing to open'")
    func pendingRedirectTellsApart() async throws {
        let (withPage, _) = try await SubmissionTests.open(routes: Self.gateway())
        let element = withPage.paymentElement(for: .primaryMethod(withPage.paymentMethods[0]))
        await element.prepare()
        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(withPage.pendingRedirect(for: result) == .get(Self.page))
        #expect(withPage.submittedPayment?.isPending == true)
        #expect(withPage.submittedPayment?.sessionID == "ps-1")

        let (nothing, _) = try await SubmissionTests.open(routes: Self.gateway(redirection: nil))
        let direct = nothing.paymentElement(
            for: .primaryMethod(nothing.paymentMethods[0]), redirect: RecordingPresenter(answer: .canceled))
        await direct.prepare()
        guard case .completed(let plain) = await direct.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(nothing.pendingRedirect(for: plain) == nil)
        #expect(nothing.submittedPayment?.isPending == false)
    }

    @Test(
        "every shape of redirection resolves to its action",
        arguments: [
            (["url": "https://psp.example/pay/1"] as JSONValue, RedirectAction.get(page)),
            (
                ["url": "https://psp.example/pay/1", "method": "post", "fields": ["a": "1", "n": 2, "b": true]]
                    as JSONValue,
                .postForm(url: page, fields: ["a": "1", "n": "2", "b": "true"])
            ),
            (
                ["form": "<form></form>", "name": "acs", "url": "https://ignored.example"] as JSONValue,
                .postHTML(html: "<form></form>", name: "acs")
            ),
        ])
    func resolvedActions(redirection: JSONValue, expected: RedirectAction) async throws {
        let (checkout, _) = try await SubmissionTests.open(routes: Self.gateway(redirection: redirection))
        try checkout.setPrimary(checkout.paymentMethods[0])
        let result = try await checkout.submitPayment()
        #expect(checkout.pendingRedirect(for: result) == expected)
        #expect(checkout.submittedPayment?.redirection == expected)
    }

    @Test("the hook sees the action before the presenter and takes it over; returning false lets the presenter open it")
    func hookFirst() async throws {
        let order = Locked<[String]>([])
        for takesOver in [true, false] {
            order.withLock { $0 = [] }
            let hooks = PurseCheckoutHooks(onRedirection: { action in
                order.withLock { $0.append("hook \(action == .get(Self.page))") }
                return takesOver
            })
            let (checkout, _) = try await SubmissionTests.open(hooks: hooks, routes: Self.gateway())
            let presenter = RecordingPresenter(answer: .returned(URL(string: "https://shop.example/return")!))
            let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), redirect: presenter)
            await element.prepare()
            let outcome = await element.submitAndWait()
            #expect(order.withLock { $0 } == ["hook true"])
            if takesOver {
                #expect(presenter.presented.isEmpty)
                guard case .completed(let result) = outcome else {
                    Issue.record("expected completed")
                    continue
                }
                #expect(checkout.pendingRedirect(for: result) == .get(Self.page))
            } else {
                #expect(presenter.presented == [.get(Self.page)])
                #expect(outcome == .returnedFromRedirect(url: URL(string: "https://shop.example/return")!))
            }
        }
    }
}
