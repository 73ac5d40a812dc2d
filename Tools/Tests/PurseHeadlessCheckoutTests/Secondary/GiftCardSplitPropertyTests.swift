import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Random apply / remove / cap sequences over several cards, through the checkout's public API, checking
/// DESIGN §4's invariants after every step. Each seed is one sequence; a failure names its seed.
@MainActor
@Suite("Gift card split properties")
struct GiftCardSplitPropertyTests {
    enum Step: CustomStringConvertible {
        case apply(Int)
        case applyAmount(Int, Int64)
        case remove(Int)
        case primary(Bool)

        var description: String {
            switch self {
            case .apply(let card): return "apply #\(card)"
            case .applyAmount(let card, let amount): return "apply #\(card) amount \(amount)"
            case .remove(let card): return "remove #\(card)"
            case .primary(let on): return on ? "set primary" : "clear primary"
            }
        }
    }

    static func decimal(_ minorUnits: Int64) -> Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -2, significand: Decimal(minorUnits.magnitude))
    }

    @Test("the split stays consistent whatever the sequence", arguments: 0..<60)
    func randomSequences(seed: Int) async throws {
        var random = GiftCardRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        let orderMinor = Int64(random.int(in: 100...20000))
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(
            amount: "\(Self.decimal(orderMinor))", savedGiftCards: false, issuer: issuer)
        let cards: [SecondaryToken] = [
            .stub("il", partner: .illicado, balance: Int64(random.int(in: 0...8000))),
            .stub("bb", partner: .buybox, balance: Int64(random.int(in: 1...9000))),
            .stub("e1", partner: .easy2play, balance: Int64(random.int(in: 1...3000))),
            .stub("e2", partner: .easy2play, balance: Int64(random.int(in: 1...3000))),
            .stub("e3", partner: .easy2play, balance: Int64(random.int(in: 1...3000))),
            .stub("vo", partner: .easy2play, method: .voucher, balance: Int64(random.int(in: 1...6000))),
            .stub("mx", partner: .maxxing, method: .loyaltycard, balance: Int64(random.int(in: 1...2000))),
        ]
        let primary = try #require(checkout.paymentTokens.first)
        var applied: [String] = []  // the model: ids in the split, in the order first applied
        var trail: [Step] = []
        for _ in 0..<40 {
            let step: Step
            switch random.int(in: 0...9) {
            case 0...3: step = .apply(random.int(in: 0...(cards.count - 1)))
            case 4...6: step = .applyAmount(random.int(in: 0...(cards.count - 1)), Int64(random.int(in: -100...9000)))
            case 7...8: step = .remove(random.int(in: 0...(cards.count - 1)))
            default: step = .primary(random.int(in: 0...1) == 0)
            }
            trail.append(step)
            let before = (checkout.amountSplit, checkout.remainingAmountToPay, checkout.isPaymentFulfilled)
            var refused = false
            do {
                switch step {
                case .apply(let index):
                    try checkout.applySecondary(cards[index])
                    if !applied.contains(cards[index].id) { applied.append(cards[index].id) }
                case .applyAmount(let index, let amount):
                    try checkout.applySecondary(cards[index], amount: Self.decimal(amount))
                    if !applied.contains(cards[index].id) { applied.append(cards[index].id) }
                case .remove(let index):
                    checkout.removeSecondary(cards[index])
                    applied.removeAll { $0 == cards[index].id }
                case .primary(let on):
                    if on { try checkout.setPrimaryToken(primary) } else { checkout.clearPrimary() }
                }
            } catch {
                let error = PurseCheckoutError(error)
                refused = true
                if case .primary = step {
                    // The saved card is unavailable for this split (the gift cards cover it): said, with the reason.
                    #expect(
                        error.code == .methodDisabled && error.unavailableReason?.cause == .paymentFulfilled,
                        "seed \(seed): unexpected \(error) after \(trail)")
                } else {
                    #expect(
                        [.invalidTake, .secondaryTokenizationFailed].contains(error.kind),
                        "seed \(seed): unexpected \(error) after \(trail)")
                }
            }
            let lines = checkout.amountSplit
            let secondary = lines.filter { !$0.isPrimary }
            let primaryLine = lines.first { $0.isPrimary }
            let total = secondary.reduce(Decimal(0)) { $0 + $1.amount }
            let context = "seed \(seed), order \(orderMinor), after \(trail)"
            if refused {
                #expect(
                    lines == before.0 && checkout.remainingAmountToPay == before.1,
                    "\(context): a refusal changed the split")
                #expect(checkout.isPaymentFulfilled == before.2, "\(context)")
            }
            #expect(secondary.map(\.id) == applied, "\(context): lines \(secondary.map(\.id)) model \(applied)")
            #expect(lines.allSatisfy { $0.amount > 0 }, "\(context): a line is not above zero")
            #expect(total + (primaryLine?.amount ?? 0) <= checkout.amount, "\(context): the split exceeds the order")
            #expect(
                checkout.remainingAmountToPay == checkout.amount - total - (primaryLine?.amount ?? 0),
                "\(context): remaining is not amount − secondaries − primary")
            #expect(checkout.remainingAmountToPay >= 0, "\(context)")
            #expect(
                checkout.isPaymentFulfilled == (checkout.remainingAmountToPay == 0),
                "\(context): fulfilment disagrees with what is covered (the saved card is ready)")
            for line in secondary {
                let card = try #require(cards.first { $0.id == line.id })
                #expect(line.amount <= card.balance, "\(context): \(line.id) takes more than its balance")
            }
            #expect(secondary.filter { $0.partner == .easy2play && $0.method == .giftcard }.count <= 2, "\(context)")
            #expect(
                secondary.filter { $0.partner == .buybox }.reduce(Decimal(0)) { $0 + $1.amount } <= 50, "\(context)")
        }
        // Whatever the sequence, a fulfilled split submits items that sum exactly to the order amount.
        if checkout.isPaymentFulfilled {
            _ = try await checkout.submitPayment()
            let items = try #require(issuer.validations.first)
            #expect(items.compactMap { $0["amount"]?.int64Value }.reduce(0, +) == orderMinor, "seed \(seed)")
            #expect(items.allSatisfy { ($0["amount"]?.int64Value ?? 0) > 0 }, "seed \(seed)")
        }
    }
}
