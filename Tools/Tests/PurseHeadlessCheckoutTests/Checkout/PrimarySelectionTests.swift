import Foundation
import Observation
import Testing

@testable import PurseHeadlessCheckout

@MainActor
@Suite("Choosing the primary")
struct PrimarySelectionTests {
    @Test("a redirection method is payable at selection and takes the whole amount")
    func redirectionMethod() async throws {
        let (checkout, _) = try await TestSessions.open()
        let method = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        try checkout.setPrimary(method)
        #expect(checkout.primary == .primaryMethod(method))
        #expect(checkout.remainingAmountToPay == 0)
        #expect(checkout.isPaymentFulfilled)
        #expect(
            checkout.amountSplit == [
                AmountSplitEntry(
                    id: "fintecture-instantpayment", partner: .fintecture, method: .instantpayment,
                    amount: Decimal(string: "42.99")!, isPrimary: true)
            ])
    }

    @Test("a fresh card covers the amount but waits for its form before the payment is fulfilled")
    func freshCardWaitsForInput() async throws {
        let (checkout, _) = try await TestSessions.open()
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        try checkout.setPrimary(card)
        #expect(checkout.remainingAmountToPay == 0)
        #expect(!checkout.isPaymentFulfilled)
        checkout.setPrimaryReady(true)
        #expect(checkout.isPaymentFulfilled)
    }

    @Test("a primary above its payment_max_amount is refused with the figures, and pays at most its maximum")
    func primaryCappedByMaximum() async throws {
        let params = TestSessions.params(amount: 5000)
        let (checkout, _) = try await TestSessions.open(params)
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let refusal = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(card) }
        #expect(refusal?.code == .methodDisabled)
        #expect(refusal?.unavailableReason?.cause == .maxAmountExceeded(maxAmount: 4000, restToPay: 5000))
        #expect(refusal?.unavailableReason == checkout.availability(of: card).reason)
        #expect(checkout.primary == nil)
        // Selected while a gift card pays part, the card is capped at its maximum once the gift card goes.
        let gift = SecondaryToken.stub("g1", partner: .illicado, balance: 200_000)
        try checkout.applySecondary(gift)
        try checkout.setPrimary(card)
        checkout.setPrimaryReady(true)
        #expect(checkout.isPaymentFulfilled)
        checkout.removeSecondary(gift)
        #expect(checkout.amountSplit.first?.amount == 4000)
        #expect(checkout.remainingAmountToPay == 1000)
        #expect(!checkout.isPaymentFulfilled)
        #expect(checkout.availability(of: card).reason?.code == "MAX_AMOUNT_EXCEEDED")
    }

    @Test("saved tokens: CVV required waits, no-CVV card is payable at selection")
    func savedTokens() async throws {
        let (checkout, _) = try await TestSessions.open()
        let withCVV = try #require(checkout.paymentTokens.first { $0.id == "tok-cvv" })
        let withoutCVV = try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" })
        #expect(withCVV.requiresCVV && !withCVV.paysWithoutCVV)
        #expect(!withoutCVV.requiresCVV && withoutCVV.paysWithoutCVV)

        try checkout.setPrimaryToken(withCVV)
        #expect(checkout.primary == .paymentToken(withCVV))
        #expect(!checkout.isPaymentFulfilled)
        try checkout.setPrimaryToken(withoutCVV)
        #expect(checkout.isPaymentFulfilled)
        #expect(checkout.amountSplit.map(\.id) == ["tok-nocvv"])
    }

    @Test("clearing the primary empties the split")
    func clearPrimary() async throws {
        let (checkout, _) = try await TestSessions.open()
        try checkout.setPrimary(checkout.paymentMethods[0])
        checkout.clearPrimary()
        #expect(checkout.primary == nil)
        #expect(checkout.amountSplit.isEmpty)
        #expect(checkout.remainingAmountToPay == checkout.amount)
        checkout.clearPrimary()  // idempotent
        #expect(checkout.primary == nil)
    }

    @Test("a method with no plugin, or a pci_proxy card, is METHOD_NOT_IMPLEMENTED and changes nothing")
    func noPlugin() async throws {
        let (checkout, _) = try await TestSessions.open()
        let alma = try #require(checkout.paymentMethods.first { $0.id == "alma-cb2x" })
        let pciCard = try #require(checkout.paymentMethods.first { $0.id == "payline-creditcard" })
        let pciToken = try #require(checkout.paymentTokens.first { $0.id == "tok-pci" })
        for attempt in [
            { try checkout.setPrimary(alma) }, { try checkout.setPrimary(pciCard) },
            { try checkout.setPrimaryToken(pciToken) },
        ] as [@MainActor () throws -> Void] {
            let error = #expect(throws: PurseCheckoutError.self) { try attempt() }
            #expect(error?.code == .methodNotImplemented)
        }
        #expect(checkout.primary == nil)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test("a method or token from another session is refused")
    func foreignItems() async throws {
        let (checkout, _) = try await TestSessions.open()
        let (other, _) = try await TestSessions.open(
            TestSessions.params(protocols: [
                TestSessions.method(
                    "adyen", "creditcard", template: "adyen_creditcard", position: 1, vendor: "none",
                    tokens: [
                        TestSessions.cardToken(
                            id: "tok-foreign", partner: "adyen", method: "creditcard", requiresCSC: false)
                    ])
            ]))
        let methodError = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(other.paymentMethods[0]) }
        #expect(methodError?.code == .paymentMethodNotFound)
        let tokenError = #expect(throws: PurseCheckoutError.self) {
            try checkout.setPrimaryToken(other.paymentTokens[0])
        }
        #expect(tokenError?.code == .paymentTokenNotFoundInSession)
    }

    @Test("the session expiring while open moves the checkout to expired and refuses changes")
    func expiresWhileOpen() async throws {
        let clock = HandClock()
        let transport = StubTransport.withServerTime(TestSessions.serverNow)
        let configuration = PurseCheckoutConfiguration(
            transport: transport, clock: clock, now: { TestSessions.serverNow })
        let checkout = try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(), configuration: configuration)
        // The expiry watch sleeps on this clock and never wakes: the refusal itself finds the session expired.
        clock.advance(by: .seconds(TestSessions.expiry.timeIntervalSince(TestSessions.serverNow) + 1))
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(checkout.paymentMethods[0]) }
        #expect(error?.code == .expiredSession)
        #expect(checkout.sessionState == .expired)
    }

    @Test("every change is observable through Observation")
    func observation() async throws {
        let (checkout, _) = try await TestSessions.open()
        let changed = MutableFlag()
        withObservationTracking {
            _ = checkout.remainingAmountToPay
        } onChange: {
            changed.set()
        }
        try checkout.setPrimary(checkout.paymentMethods[0])
        #expect(changed.value)
    }
}

final class MutableDate: Sendable {
    private let storage: Locked<Date>
    init(_ date: Date) { storage = Locked(date) }
    var value: Date {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

final class MutableFlag: Sendable {
    private let storage = Locked(false)
    var value: Bool { storage.withLock { $0 } }
    func set() { storage.withLock { $0 = true } }
}

/// A clock a test moves by hand. Its sleeps last until cancelled, so a watch sleeping on it never fires: only what
/// reads `now` sees the time pass.
final class HandClock: Clock {
    private let offset = Locked<Duration>(.zero)
    var now: ElapsedClock.Instant { ElapsedClock.Instant(offset: offset.withLock { $0 }) }
    var minimumResolution: Duration { .zero }
    func advance(by duration: Duration) { offset.withLock { $0 += duration } }
    func sleep(until deadline: ElapsedClock.Instant, tolerance: Duration?) async throws {
        try await StoppedClock().sleep(until: deadline, tolerance: tolerance)
    }
}
