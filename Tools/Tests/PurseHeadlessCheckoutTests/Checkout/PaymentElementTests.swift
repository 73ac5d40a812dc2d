import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// A presenter that answers what the test scripted, recording what it was asked to open.
@MainActor
final class RecordingPresenter: RedirectPresenter {
    var answer: RedirectPresentationResult
    private(set) var presented: [RedirectAction] = []
    init(answer: RedirectPresentationResult) { self.answer = answer }
    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        presented.append(action)
        return answer
    }
}

@MainActor
final class RecordingListener: PaymentElementListener {
    private(set) var outcomes: [PaymentOutcome] = []
    func paymentElement(_ element: PaymentElement, didFinishWith outcome: PaymentOutcome) { outcomes.append(outcome) }
}

@MainActor
@Suite("Payment elements")
struct PaymentElementTests {
    nonisolated static let pspPage = URL(string: "https://psp.example/pay/1")!

    nonisolated static func redirectionRoutes(_ request: HTTPRequest) -> HTTPResponse {
        if request.url.path.hasSuffix("/init") {
            return StubTransport.json(
                200, ["id": "i1", "step_id": 9, "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"]])
        }
        return SubmissionTests.validateAnswer(
            state: "WAITING", code: "WAITING_PARTNER_RESPONSE", redirection: ["url": .string(pspPage.absoluteString)])
    }

    @Test("a redirection element has no UI, makes no call at prepare, is ready at once")
    func redirectionPrepare() async throws {
        let (checkout, transport) = try await SubmissionTests.open { Self.redirectionRoutes($0) }
        let method = checkout.paymentMethods[0]
        let element = checkout.paymentElement(for: .primaryMethod(method))
        #expect(!element.hasUI)
        #expect(!element.isReady)  // not prepared yet
        try checkout.setPrimary(method)
        #expect(!checkout.isPaymentFulfilled)  // its element is not prepared
        await element.prepare()
        #expect(element.isReady)
        #expect(checkout.isPaymentFulfilled)
        #expect(transport.requests.count == 1)  // only the opening's server time
    }

    @Test("without a presenter, submit reports completed with the page to open")
    func noPresenter() async throws {
        let (checkout, transport) = try await SubmissionTests.open { Self.redirectionRoutes($0) }
        let listener = RecordingListener()
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), listener: listener)
        await element.prepare()
        let outcome = await element.submitAndWait()
        guard case .completed(let result) = outcome else {
            Issue.record("expected completed, got \(outcome)")
            return
        }
        #expect(result.redirection == .get(Self.pspPage))
        #expect(listener.outcomes == [outcome])
        #expect(transport.requests.map(\.url.lastPathComponent) == ["datetime", "init", "validate"])
        #expect(checkout.primary?.id == "fintecture-instantpayment")  // submit selected it
    }

    @Test(
        "a presenter's answer becomes the outcome",
        arguments: [
            (
                RedirectPresentationResult.returned(URL(string: "https://shop.example/return?x=1")!),
                PaymentOutcome.returnedFromRedirect(url: URL(string: "https://shop.example/return?x=1")!)
            ),
            (.canceled, .canceled),
            (
                .failed(PurseCheckoutError(.unknownError, message: "refused redirect url")),
                .failed(PurseCheckoutError(.unknownError, message: "refused redirect url"))
            ),
        ])
    func presenterOutcomes(answer: RedirectPresentationResult, expected: PaymentOutcome) async throws {
        let (checkout, _) = try await SubmissionTests.open { Self.redirectionRoutes($0) }
        let presenter = RecordingPresenter(answer: answer)
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), redirect: presenter)
        await element.prepare()
        #expect(await element.submitAndWait() == expected)
        #expect(presenter.presented == [.get(Self.pspPage)])
    }

    @Test("the onRedirection hook sees the action first and can take it over")
    func hookTakesOver() async throws {
        let seen = Locked<[RedirectAction]>([])
        let hooks = PurseCheckoutHooks(onRedirection: { action in
            seen.withLock { $0.append(action) }
            return true
        })
        let (checkout, _) = try await SubmissionTests.open(hooks: hooks) { Self.redirectionRoutes($0) }
        let presenter = RecordingPresenter(answer: .canceled)
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), redirect: presenter)
        await element.prepare()
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(presenter.presented.isEmpty)
        #expect(seen.withLock { $0 } == [.get(Self.pspPage)])
    }

    @Test("an element nothing can pay reports METHOD_NOT_IMPLEMENTED at prepare and at submit")
    func unavailable() async throws {
        let (checkout, transport) = try await SubmissionTests.open { _ in SubmissionTests.validateAnswer() }
        let pciToken = try #require(checkout.paymentTokens.first { $0.id == "tok-pci" })
        let listener = RecordingListener()
        let element = checkout.paymentElement(for: .paymentToken(pciToken), listener: listener)
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        await element.prepare()
        #expect(!element.isReady)
        let outcome = await element.submitAndWait()
        guard case .failed(let error) = outcome else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .methodNotImplemented)
        #expect(listener.outcomes.count == 2)
        #expect(transport.requests(endingWith: "/validate").isEmpty)
    }

    @Test("submit before prepare is ELEMENT_NOT_FULFILLED and sends nothing")
    func notPrepared() async throws {
        let (checkout, transport) = try await SubmissionTests.open { _ in SubmissionTests.validateAnswer() }
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" })
        let element = checkout.paymentElement(for: .paymentToken(token))
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .elementNotFulfilled)
        #expect(transport.requests(endingWith: "/validate").isEmpty)
    }

    @Test("a double tap on Pay sends one /validate and reports one outcome")
    func doubleTap() async throws {
        let (checkout, transport) = try await SubmissionTests.open { _ in SubmissionTests.validateAnswer() }
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" })
        let listener = RecordingListener()
        let element = checkout.paymentElement(for: .paymentToken(token), listener: listener)
        try checkout.setPrimaryToken(token)
        await element.prepare()
        let tap: @MainActor () -> Void = { element.submit() }  // the Button action: synchronous
        tap()
        tap()
        while listener.outcomes.isEmpty { await Task.yield() }
        for _ in 0..<50 { await Task.yield() }
        #expect(listener.outcomes.count == 1)
        #expect(transport.requests(endingWith: "/validate").count == 1)
        #expect(checkout.sessionState == .submitted)
    }
}
