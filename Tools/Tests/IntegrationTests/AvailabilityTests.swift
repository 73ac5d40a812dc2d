import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Every availability reason, reached through the public API against the sandbox's standard catalogue (in
/// process and over HTTP), with the refusal `setPrimary`/`applySecondary` give for it, and back to available when
/// the split changes.
@MainActor
@Suite("Availability with reasons against the sandbox")
struct AvailabilityTests {
    /// What a row looks at.
    enum Probe {
        case primary(PaymentItem)
        case secondary(SecondaryMethod)
        case saved(SavedSecondaryToken)
        case typed(SecondaryToken)
    }

    /// One reason: the order, the steps that reach it, the cause expected, and the step that makes it available
    /// again (`nil` when nothing in the split can).
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        var amount: Decimal = 100
        let reach: @Sendable @MainActor (PurseHeadlessCheckout, Harness) async throws -> Probe
        let cause: UnavailableReason.Cause
        var flip: (@Sendable @MainActor (PurseHeadlessCheckout, Harness) async throws -> Void)?
        /// The issuer configs the checkout reads (`nil`: the shipped ones).
        var configs: (@Sendable () -> SecondaryConfigs)?
        var testDescription: String { name }
    }

    nonisolated static let rows: [Row] = [
        Row(
            name: "MIN_AMOUNT_NOT_MET: a gift card leaves less than the minimum", amount: 120,
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
                return .primary(.primaryMethod(try checkout.method("cofidis-cb4x")))
            },
            cause: .minAmountNotMet(minAmount: 100, restToPay: 70),
            flip: { checkout, _ in try checkout.removeApplied(.illicado) }),
        Row(
            name: "MAX_AMOUNT_EXCEEDED: the order is above the maximum until a gift card pays part", amount: 1040,
            reach: { checkout, _ in .primary(.primaryMethod(try checkout.method("cofidis-cb4x"))) },
            cause: .maxAmountExceeded(maxAmount: 1000, restToPay: 1040),
            flip: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
            }),
        Row(
            name: "AMOUNT_CONDITION_UNREACHABLE: the order is below the minimum", amount: Decimal(string: "42.99")!,
            reach: { checkout, _ in .primary(.primaryMethod(try checkout.method("cofidis-cb4x"))) },
            cause: .amountConditionUnreachable(minAmount: 100, maxAmount: 1000, orderAmount: Decimal(string: "42.99")!)),
        Row(
            name: "PAYMENT_FULFILLED: gift cards cover the order, for a primary method", amount: 30,
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
                return .primary(.primaryMethod(try checkout.method("payzen-creditcard")))
            },
            cause: .paymentFulfilled,
            flip: { checkout, _ in try checkout.removeApplied(.illicado) }),
        Row(
            name: "PAYMENT_FULFILLED: gift cards cover the order, for a saved card", amount: 30,
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
                return .primary(.paymentToken(try checkout.token(Catalogue.networkTokenCard)))
            },
            cause: .paymentFulfilled,
            flip: { checkout, _ in try checkout.removeApplied(.illicado) }),
        Row(
            name: "PAYMENT_FULFILLED: gift cards cover the order, for another gift card method", amount: 30,
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
                return .secondary(try checkout.secondary(.ogloba))
            },
            cause: .paymentFulfilled,
            flip: { checkout, _ in try checkout.removeApplied(.illicado) }),
        Row(
            name: "USAGE_LIMIT_ERROR: two Easy2Play cards are in the split, for the method",
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
                return .secondary(try checkout.secondary(.easy2play))
            },
            cause: .usageLimitReached(limit: 2, count: 2),
            flip: { checkout, _ in try checkout.removeApplied(.easy2play) }),
        Row(
            name: "USAGE_LIMIT_ERROR: two Easy2Play cards are in the split, for a third card typed",
            reach: { checkout, _ in
                let third = try await checkout.read(
                    .easy2play, pan: Catalogue.easy2play10.pan, cvv: Catalogue.easy2play10.pin)
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
                return .typed(third)
            },
            cause: .usageLimitReached(limit: 2, count: 2),
            flip: { checkout, _ in try checkout.removeApplied(.easy2play) }),
        Row(
            name: "USAGE_LIMIT_ERROR: two Easy2Play cards are in the split, for a saved one",
            reach: { checkout, _ in
                try await checkout.waitForFastBalances()
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
                try checkout.applySecondary(
                    try await checkout.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
                return .saved(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
            },
            cause: .usageLimitReached(limit: 2, count: 2),
            flip: { checkout, _ in try checkout.removeApplied(.easy2play) }),
        Row(
            name: "MAX_AMOUNT_REACHED: Buybox's 50.00 per payment is spent",
            reach: { checkout, _ in
                try checkout.applySecondary(
                    try await checkout.read(.buybox, pan: Catalogue.buybox80.pan, cvv: Catalogue.buybox80.pin))
                return .typed(try await checkout.read(.buybox, pan: Catalogue.buybox30))
            },
            cause: .maxAmountReached(maxAmount: 50, contribution: 50),
            flip: { checkout, _ in try checkout.removeApplied(.buybox) }),
        Row(
            name: "METHOD_UNSTABLE: the session marks Google Pay stable: false",
            reach: { checkout, _ in
                .primary(.primaryMethod(try #require(checkout.session.unstablePrimaryMethods.first)))
            },
            cause: .methodUnstable),
        Row(
            name: "PLUGIN_INCOMPATIBLE: a template nothing routes",
            reach: { checkout, _ in .primary(.primaryMethod(try checkout.method("payline-ideal"))) },
            cause: .pluginUnavailable(
                explanation: "nothing handles template redirection_suffix: register a plugin for it with "
                    + "PluginRegistry.register(_:forTemplate:)")),
        Row(
            name: "PLUGIN_INCOMPATIBLE: a PayPal account without PurseCheckoutPayPal",
            reach: { checkout, _ in
                .primary(.paymentToken(try #require(checkout.paymentTokens.first { $0.partner == .paypal })))
            },
            cause: .pluginUnavailable(
                explanation: "PayPal's plugin is in the PurseCheckoutPayPal library: link it and call "
                    + "PurseCheckoutPayPal.register()")),
        Row(
            name: "PLUGIN_INCOMPATIBLE: a card in a PCI Proxy vault",
            reach: { checkout, _ in
                .primary(.paymentToken(try #require(checkout.paymentTokens.first { $0.partner == .payline })))
            },
            cause: .pluginUnavailable(
                explanation: "cards kept in a PCI Proxy vault have no card plugin on iOS (Purse vault cards do)")),
        Row(
            name: "PLUGIN_INCOMPATIBLE: an issuer with no SecondaryConfig (ANCV Connect, in a registry without it)",
            reach: { checkout, _ in .secondary(try checkout.secondary(.ancv, .connect)) },
            cause: .pluginUnavailable(
                explanation: "no SecondaryConfig reads ancv-connect cards: register one with "
                    + "SecondaryConfigs.shared.register(partner:method:config:)"),
            configs: { SecondaryConfigs(shipped: false) }),
        Row(
            name: "TOKEN_INIT_FAILED: the saved card's balance look-up failed",
            reach: { checkout, _ in
                try await checkout.waitForFastBalances()
                return .saved(try checkout.savedGiftCard(Catalogue.savedLookupFails))
            },
            cause: .tokenInitFailed(
                explanation: "the issuer refused the balance look-up (FAILED TECHNICAL_ISSUE_TO_CONTACT_PARTNER)")),
        Row(
            name: "SECONDARY_TOKEN_ALREADY_APPLIED: the saved card is in the split, typed by number",
            reach: { checkout, _ in
                try await checkout.waitForFastBalances()
                try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
                return .typed(try await checkout.read(.easy2play, pan: "8000000000000045", cvv: "444"))
            },
            cause: .alreadyApplied,
            flip: { checkout, _ in checkout.removeSecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40)) }),
        Row(
            name: "DOES_NOT_BELONG_TO_CURRENT_SESSION: a card read for another checkout",
            reach: { _, harness in
                let other = try await harness.openCheckout(amount: 100)
                return .typed(try await other.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
            },
            cause: .notInSession),
    ]

    @Test("each reason is reached, refused alike, and flips back", arguments: Wire.allCases, rows)
    func reason(wire: Wire, row: Row) async throws {
        guard let configs = row.configs else { return try await reached(wire: wire, row: row) }
        try await SecondaryConfigs.$current.withValue(configs()) { try await reached(wire: wire, row: row) }
    }

    func reached(wire: Wire, row: Row) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: row.amount)
        let probe = try await row.reach(checkout, harness)
        let availability = checkout.availability(of: probe)
        #expect(availability.reason?.cause == row.cause, "\(availability)")
        #expect(availability.reason?.currency == .eur)
        #expect(availability.reason?.message.isEmpty == false)
        if let refusal = checkout.refusal(of: probe) {
            #expect(refusal.unavailableReason == availability.reason)
        } else {
            #expect(Self.hasNoRefusingCall(probe), "a refusing call let \(row.name) through")
        }
        if let flip = row.flip {
            try await flip(checkout, harness)
            let after = checkout.availability(of: checkout.current(probe))
            #expect(after == .available, "\(after)")
            #expect(checkout.refusal(of: checkout.current(probe)) == nil)
        }
        checkout.tearDownQuietly()
    }

    @Test("the saved card is pending until its slow look-up answers, then available")
    func balancePending() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let checkout = try await harness.openCheckout(amount: 100)
        await clock.waitForSleepers(1)
        let slow = try checkout.savedGiftCard(Catalogue.savedSlow)
        #expect(checkout.availability(of: slow).reason?.cause == .balancePending)
        #expect(checkout.refusal(of: .saved(slow))?.unavailableReason?.cause == .balancePending)
        await clock.advance(by: .seconds(2))
        await checkout.waitForSavedSecondaryBalances()
        #expect(checkout.availability(of: try checkout.savedGiftCard(Catalogue.savedSlow)) == .available)
        #expect(checkout.headroom(of: try checkout.savedGiftCard(Catalogue.savedSlow)).reach == 30)
    }

    @Test(
        "SECONDARY_TOKEN_EMPTY_BALANCE: a saved card spent to zero by an earlier order, in the next checkout",
        arguments: Wire.allCases)
    func emptyBalance(wire: Wire) async throws {
        let harness = try Harness(wire)
        let first = try await harness.openCheckout(amount: 40)
        await first.waitForSavedSecondaryBalances()
        try first.applySecondary(try first.savedGiftCard(Catalogue.savedGiftCard40))
        #expect(first.isPaymentFulfilled)
        _ = try await first.submitPayment()
        #expect(harness.sandbox.balance(ofGiftCard: "easy2play-saved-40") == 0)

        let next = try await harness.openCheckout(amount: 100)
        await next.waitForSavedSecondaryBalances()
        let spent = try next.savedGiftCard(Catalogue.savedGiftCard40)
        #expect(spent.balanceResolved && spent.balance == 0 && spent.disabled == nil)
        let availability = next.availability(of: spent)
        #expect(availability.reason?.cause == .emptyBalance, "\(availability)")
        #expect(availability.reason?.shouldBeHidden == false && availability.reason?.isTechnical == false)
        let refusal = next.refusal(of: .saved(spent))
        #expect(refusal?.code == .secondaryTokenEmptyBalance)
        #expect(refusal?.unavailableReason == availability.reason)
        #expect(next.amountSplit.isEmpty && next.remainingAmountToPay == 100)
        // Nothing in the split brings money back onto the card: an Illicado share leaves it as it is.
        try next.applySecondary(try await next.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
        #expect(next.availability(of: try next.savedGiftCard(Catalogue.savedGiftCard40)).reason?.cause == .emptyBalance)
    }

    @Test("while the payment is submitting every item says so, and a refusal carries it")
    func submitting() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        harness.sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayValidate)
        let checkout = try await harness.openCheckout(amount: 30)
        try checkout.applySecondary(try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
        let payment = Task { try await checkout.submitPayment() }
        await clock.waitForSleeper(for: .seconds(5))  // the /validate answer is held back
        let card = try checkout.method("payzen-creditcard")
        #expect(checkout.availability(of: card).reason?.cause == .submitting)
        #expect(checkout.availability(of: try checkout.secondary(.ogloba)).reason?.cause == .submitting)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(card) }
        #expect(error?.unavailableReason?.cause == .submitting)
        await clock.advance(by: .seconds(5))
        _ = try await payment.value
        #expect(checkout.availability(of: card).reason?.cause == .submitted)
        checkout.tearDownQuietly()
    }

    @Test("after submit every item says so, and a refusal carries it")
    func submitted() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 30)
        try checkout.applySecondary(try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: "1234"))
        try await checkout.submitPayment()
        let card = try checkout.method("payzen-creditcard")
        #expect(checkout.availability(of: card).reason?.cause == .submitted)
        #expect(checkout.availability(of: try checkout.secondary(.ogloba)).reason?.cause == .submitted)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(card) }
        #expect(error?.code == .sessionAlreadySubmitted)
        #expect(error?.unavailableReason?.cause == .submitted)
    }

    @Test("an expired session: changes are refused, availability follows")
    func expired() async throws {
        let harness = try Harness(.inProcess)
        let clock = TestClock()
        let checkout = try await harness.openCheckout(amount: 100) { $0.clock = clock }
        let card = try checkout.method("payzen-creditcard")
        #expect(checkout.availability(of: card) == .available)
        await clock.advance(by: .seconds(2 * 3600))
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(card) }
        #expect(error?.unavailableReason?.cause == .sessionExpired)
        #expect(checkout.availability(of: card).reason?.cause == .sessionExpired)
        #expect(checkout.availability(of: card).reason?.requiresUIClear == true)
    }

    @Test("headroom: what Buybox can still take, its contribution, its limit", arguments: Wire.allCases)
    func headroom(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 100)
        let buybox = try checkout.secondary(.buybox)
        #expect(checkout.headroom(of: buybox).reach == 50)  // its maximum per payment, before any network call
        #expect(checkout.headroom(of: buybox).isLimitReached == false)
        let small = try await checkout.read(.buybox, pan: Catalogue.buybox30)
        try checkout.applySecondary(small, amount: 20)
        let room = checkout.headroom(of: buybox)
        #expect(room.reach == 30 && room.contribution == 20 && room.maxAmount == 50 && room.usageCount == 1)
        #expect(checkout.headroom(of: small).reach == 30)  // its own share does not count against it
        #expect(checkout.headroom(of: small).contribution == 0)
        try checkout.applySecondary(
            try await checkout.read(.buybox, pan: Catalogue.buybox80.pan, cvv: Catalogue.buybox80.pin))
        #expect(checkout.amountSplit.map(\.amount) == [20, 30])
        #expect(checkout.headroom(of: buybox).isLimitReached)
        #expect(checkout.headroom(of: buybox).reach == 0)
        let easy2play = try checkout.secondary(.easy2play)
        #expect(checkout.headroom(of: easy2play).reach == 50 && checkout.headroom(of: easy2play).usageLimit == 2)
    }

    private static func hasNoRefusingCall(_ probe: Probe) -> Bool {
        if case .secondary = probe { return true }
        return false
    }
}

extension PurseHeadlessCheckout {
    /// The offered primary method `id`.
    func method(_ id: String) throws -> PrimaryMethod {
        try #require(paymentMethods.first { $0.id == id })
    }

    /// The saved card or account `id`.
    func token(_ id: String) throws -> PaymentToken {
        try #require(paymentTokens.first { $0.id == id })
    }

    /// Takes out of the split the last card of `partner` that was applied by number.
    func removeApplied(_ partner: Partner) throws {
        let card = try #require(state.secondaryTokens.values.filter { $0.partner == partner }.max { $0.id < $1.id })
        removeSecondary(card)
    }

    /// Waits for the saved gift cards' look-ups except the slow one (the sandbox's clock runs in real time here).
    func waitForFastBalances() async throws {
        try await yieldUntil {
            try savedGiftCard(Catalogue.savedGiftCard40).balanceResolved
                && savedGiftCard(Catalogue.savedLookupFails).disabled != nil
        }
    }

    /// The probe's availability.
    func availability(of probe: AvailabilityTests.Probe) -> Availability {
        switch probe {
        case .primary(let item): availability(of: item)
        case .secondary(let method): availability(of: method)
        case .saved(let token): availability(of: token)
        case .typed(let token): availability(of: token)
        }
    }

    /// What the refusing call says for the probe, with the split left as it was; `nil` when it went through (then
    /// undone) or when there is no such call.
    func refusal(of probe: AvailabilityTests.Probe) -> PurseCheckoutError? {
        let before = state
        defer { if state != before { mutate { $0 = before } } }
        do {
            switch probe {
            case .primary(let item): try select(item)
            case .secondary: return nil
            case .saved(let token): try applySecondary(token)
            case .typed(let token): try applySecondary(token)
            }
            return nil
        } catch {
            return PurseCheckoutError(error)
        }
    }

    /// The probe as the checkout now lists it (a saved card's copy changes as its balance arrives).
    func current(_ probe: AvailabilityTests.Probe) -> AvailabilityTests.Probe {
        if case .saved(let token) = probe, let now = savedSecondaryTokens.first(where: { $0.id == token.id }) {
            return .saved(now)
        }
        return probe
    }

    /// Stops the background look-ups still running (the slow saved card's).
    func tearDownQuietly() {
        cancelSavedBalanceLookups()
    }
}
