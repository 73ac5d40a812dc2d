import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// A presenter whose page stays open until its task is cancelled, like a sheet the shopper left for a bank app.
@MainActor
final class OpenSheetPresenter: RedirectPresenter {
    private(set) var presented: [RedirectAction] = []
    private(set) var closedByCancellation = false
    private let openedContinuation: AsyncStream<Void>.Continuation
    /// Yields once per page opened.
    let opened: AsyncStream<Void>

    init() {
        (opened, openedContinuation) = AsyncStream.makeStream()
    }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        presented.append(action)
        openedContinuation.yield()
        let stream = AsyncStream<Never> { _ in }
        for await _ in stream {}  // ends only when the task is cancelled
        closedByCancellation = Task.isCancelled
        return .canceled
    }
}

/// `handleReturnURL(_:policy:)`: the app hands over the URL it was opened with.
@MainActor
@Suite("Return-URL hand-off: onOpenURL ends the open page, or reports the restored payment")
struct ReturnHandoffTests {
    static let policy = RedirectPolicy(returnDestination: .universalLink(host: "shop.example", path: "/return"))
    static let returnURL = URL(string: "https://shop.example/return?purse-redirection-data=abc")!

    /// A checkout whose redirection payment was submitted and whose page is now open (the presenter waits).
    static func submitWithOpenPage() async throws -> (
        PurseHeadlessCheckout, StubTransport, OpenSheetPresenter, Task<PaymentOutcome, Never>
    ) {
        let (checkout, transport) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        let presenter = OpenSheetPresenter()
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), redirect: presenter)
        await element.prepare()
        let submit = Task { await element.submitAndWait() }
        var opened = presenter.opened.makeAsyncIterator()
        _ = await opened.next()
        return (checkout, transport, presenter, submit)
    }

    @Test("a return handed over while the page is open ends it: the presenter closes, the outcome is returned")
    func endsOpenPage() async throws {
        let (checkout, transport, presenter, submit) = try await Self.submitWithOpenPage()
        #expect(checkout.returnHandoff.isWaiting)

        #expect(checkout.handleReturnURL(Self.returnURL, policy: Self.policy) == .completedPresentation(Self.returnURL))
        #expect(await submit.value == .returnedFromRedirect(url: Self.returnURL))
        #expect(presenter.closedByCancellation)
        #expect(presenter.presented == [.get(RedirectionElementTests.page)])
        #expect(!checkout.returnHandoff.isWaiting)
        #expect(transport.requests(endingWith: "/validate").count == 1)
        #expect(checkout.sessionState == .submitted)
        // A second hand-off of the same URL finds no open page, only the submitted payment.
        guard
            case .returnedToSubmittedPayment(let payment) = checkout.handleReturnURL(
                Self.returnURL, policy: Self.policy)
        else {
            Issue.record("expected the submitted payment")
            return
        }
        #expect(payment.sessionID == "ps-1")
    }

    @Test(
        "a URL that is not the return leaves the page open",
        arguments: [
            "https://shop.example/other", "https://evil.example/return", "http://shop.example/return",
            "https://shop.example/return?status=paid", "https://shop.example/return#x",
            "https://user@shop.example/return", "myapp://return",
        ])
    func notAReturn(text: String) async throws {
        let (checkout, _, presenter, submit) = try await Self.submitWithOpenPage()
        #expect(checkout.handleReturnURL(try #require(URL(string: text)), policy: Self.policy) == .notAReturn)
        #expect(checkout.returnHandoff.isWaiting)
        #expect(!presenter.closedByCancellation)
        // The real return still ends it.
        #expect(checkout.handleReturnURL(Self.returnURL, policy: Self.policy) == .completedPresentation(Self.returnURL))
        #expect(await submit.value == .returnedFromRedirect(url: Self.returnURL))
    }

    @Test("a custom-scheme return is handed over too (returned, never approved)")
    func customScheme() async throws {
        let policy = RedirectPolicy(returnDestination: .customScheme("shopapp"))
        let url = URL(string: "shopapp://purse/return")!
        let (checkout, _, presenter, submit) = try await Self.submitWithOpenPage()
        #expect(checkout.handleReturnURL(url, policy: policy) == .completedPresentation(url))
        #expect(await submit.value == .returnedFromRedirect(url: url))
        #expect(presenter.closedByCancellation)
    }

    @Test("with a host and path, the app's own deep links are not the return: the page stays open")
    func customSchemeDeepLinksAreNotReturns() async throws {
        let policy = RedirectPolicy(returnDestination: .customScheme("shopapp", host: "purse", path: "/return"))
        let (checkout, _, presenter, submit) = try await Self.submitWithOpenPage()
        for text in ["shopapp://orders/42", "shopapp://purse/return/x", "shopapp://purse", "shopapp:purse/return"] {
            let deepLink = URL(string: text)!
            #expect(checkout.handleReturnURL(deepLink, policy: policy) == .notAReturn, "\(text)")
        }
        #expect(!presenter.closedByCancellation)
        let url = URL(string: "shopapp://purse/return?purse-redirection-data=x")!
        #expect(checkout.handleReturnURL(url, policy: policy) == .completedPresentation(url))
        #expect(await submit.value == .returnedFromRedirect(url: url))
    }

    @Test("nothing submitted and no page open: nothingPending, nothing changes")
    func nothingPending() async throws {
        let (checkout, transport) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        let before = transport.requests(endingWith: "/validate").count
        #expect(checkout.handleReturnURL(Self.returnURL, policy: Self.policy) == .nothingPending)
        #expect(checkout.sessionState == .ready)
        #expect(checkout.submittedPayment == nil)
        #expect(transport.requests(endingWith: "/validate").count == before)
    }

    @Test("a submitted payment that needed no page: nothingPending")
    func submittedWithoutPage() async throws {
        let (checkout, _) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway(redirection: nil))
        try checkout.setPrimary(checkout.paymentMethods[0])
        _ = try await checkout.submitPayment()
        #expect(checkout.submittedPayment?.isPending == false)
        #expect(checkout.handleReturnURL(Self.returnURL, policy: Self.policy) == .nothingPending)
    }

    @Test("after process death: the restored checkout reports its pending payment, and still refuses a second submit")
    func restoredCheckout() async throws {
        let (checkout, transport) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        try checkout.setPrimary(checkout.paymentMethods[0])
        _ = try await checkout.submitPayment()  // no presenter: the page is left to the app, which then dies
        let snapshot = checkout.saveState()

        let restored = try PurseHeadlessCheckout.restore(
            snapshot, configuration: PurseCheckoutConfiguration(transport: transport))
        let handling = restored.handleReturnURL(Self.returnURL, policy: Self.policy)
        #expect(handling == .returnedToSubmittedPayment(try #require(restored.submittedPayment)))
        #expect(restored.submittedPayment?.sessionID == "ps-1")
        #expect(restored.submittedPayment?.redirection == .get(RedirectionElementTests.page))
        let validates = transport.requests(endingWith: "/validate").count
        await #expect(throws: PurseCheckoutError.self) { try await restored.submitPayment() }
        #expect(transport.requests(endingWith: "/validate").count == validates)
    }
}

/// `PresentationSlot`: what the iOS presenters rely on to end each page exactly once.
@MainActor
@Suite("Presentation slot: one page at a time, each ended once")
struct PresentationSlotTests {
    nonisolated static let url = URL(string: "https://shop.example/return")!

    @Test("the first end wins: a completion handler after a refused start cannot resume twice")
    func firstEndWins() async {
        let slot = PresentationSlot()
        var finishes: [Bool] = []
        let result = await slot.run(
            { completion in
                finishes.append(completion.finish(.failed(RedirectError.cannotPresent("did not start"))))
                finishes.append(completion.finish(.returned(Self.url)))
                finishes.append(completion.finish(.canceled))
            }, onCancel: { Issue.record("not cancelled") })
        #expect(result == .failed(RedirectError.cannotPresent("did not start")))
        #expect(finishes == [true, false, false])
        #expect(!slot.isPresenting)
    }

    @Test("a result from another thread ends the page; a later one is ignored")
    func endFromAnotherThread() async {
        let slot = PresentationSlot()
        let kept = Locked<PresentationCompletion?>(nil)
        let result = await slot.run(
            { completion in
                kept.withLock { $0 = completion }
                Task.detached { completion.finish(.returned(Self.url)) }
            }, onCancel: {})
        #expect(result == .returned(Self.url))
        let late = kept.withLock { $0 }
        #expect(late?.isFinished == true)
        #expect(late?.finish(.canceled) == false)
    }

    @Test("a second page while one is open is refused, and the first is left alone")
    func secondPageRefused() async {
        let slot = PresentationSlot()
        let kept = Locked<PresentationCompletion?>(nil)
        let first = Task {
            await slot.run({ completion in kept.withLock { $0 = completion } }, onCancel: {})
        }
        while !slot.isPresenting { await Task.yield() }
        var startedSecond = false
        let second = await slot.run({ _ in startedSecond = true }, onCancel: {})
        #expect(second == .failed(RedirectError.alreadyPresenting))
        #expect(RedirectError.alreadyPresenting.message == "a redirect page is already open")
        #expect(!startedSecond)
        kept.withLock { $0 }?.finish(.returned(Self.url))
        #expect(await first.value == .returned(Self.url))
        #expect(!slot.isPresenting)
    }

    @Test("cancelling the presenting task ends it as canceled and closes the page")
    func cancellation() async {
        let slot = PresentationSlot()
        var closed = 0
        let task = Task {
            await slot.run({ _ in }, onCancel: { closed += 1 })
        }
        while !slot.isPresenting { await Task.yield() }
        task.cancel()
        #expect(await task.value == .canceled)
        #expect(closed == 1)
        #expect(!slot.isPresenting)
    }

    @Test("a task cancelled before the page opens never opens it")
    func cancelledBeforeStart() async {
        let slot = PresentationSlot()
        var started = false
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await slot.run({ _ in started = true }, onCancel: {})
        }
        #expect(await task.value == .canceled)
        #expect(!started)
    }
}
