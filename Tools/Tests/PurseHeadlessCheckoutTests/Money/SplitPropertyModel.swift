@testable import PurseHeadlessCheckout

/// A partner/method's rules in a generated scenario: every token of it carries these.
struct SplitPropertyMethod {
    let partner: String
    let method: String
    let takePolicy: TakePolicy
    let limits: SecondaryLimits
}

/// One step of a generated run.
enum SplitPropertyOperation: CustomStringConvertible {
    case apply(SecondaryInput, amount: Int64?)
    case remove(id: String)
    case setPrimary(PrimaryShare)
    case clearPrimary
    case setPrimaryReady(Bool)
    case reset(Money)

    var description: String {
        switch self {
        case .apply(let input, let amount):
            "apply(\(input.id) \(input.partner)/\(input.method) balance \(input.balance) \(input.takePolicy) "
                + "usage \(input.limits.usageLimit.map(String.init) ?? "nil") "
                + "max \(input.limits.maxAmount.map(String.init) ?? "nil"), amount: \(amount.map(String.init) ?? "nil"))"
        case .remove(let id): "remove(\(id))"
        case .setPrimary(let primary):
            "setPrimary(\(primary.id) max \(primary.maxAmount.map(String.init) ?? "nil") "
                + "min \(primary.minAmount.map(String.init) ?? "nil") ready \(primary.isReady))"
        case .clearPrimary: "clearPrimary"
        case .setPrimaryReady(let ready): "setPrimaryReady(\(ready))"
        case .reset(let amount): "reset(\(amount))"
        }
    }
}

/// Generates random scenarios and operations, predicts applies independently, and checks invariants.
struct SplitPropertyModel {
    var random: MoneyTestRandom
    var methods: [SplitPropertyMethod] = []
    var tokenIDs: [String] = []
    /// The method index of each token id.
    var tokenMethod: [String: Int] = [:]

    private static let currencies = [Currency.eur, .jpy, Currency(code: "KWD"), Currency(code: "CLF"), .usd]
    private static let issuers = [
        ("illicado", "giftcard"), ("easy2play", "giftcard"), ("easy2play", "voucher"), ("maxxing", "loyaltycard"),
    ]

    /// A fresh scenario: an order total and one to four issuers, each with random rules.
    init(seed: UInt64) {
        random = MoneyTestRandom(seed: seed)
        for index in 0..<random.int(in: 1...4) {
            let (partner, method) = Self.issuers[index]
            let usage: Int? = random.pick([nil, 0, -1, 1, 2, 3])
            let maxAmount: Int64? =
                random.chance(40) ? nil : random.chance(10) ? random.int64(in: -5...0) : random.magnitude()
            methods.append(
                SplitPropertyMethod(
                    partner: partner, method: method, takePolicy: random.chance(30) ? .max : .none,
                    limits: SecondaryLimits(usageLimit: usage, maxAmount: maxAmount)))
        }
        for index in 0..<random.int(in: 1...7) {
            let id = "t\(index)"
            tokenIDs.append(id)
            tokenMethod[id] = random.int(in: 0...(methods.count - 1))
        }
    }

    /// A random order total: zero now and then, mostly spread over magnitudes, sometimes near `Int64.max`.
    mutating func orderAmount() -> Money {
        let minor = random.chance(5) ? 0 : random.magnitude()
        return Money(minorUnits: minor, currency: random.pick(Self.currencies))
    }

    /// A token with a fresh random balance (balances change between applies, as when refreshed).
    mutating func token(_ id: String, order: Int64) -> SecondaryInput {
        let rules = methods[tokenMethod[id] ?? 0]
        let balance: Int64
        switch random.int(in: 0...9) {
        case 0: balance = random.int64(in: -3...0)
        case 1: balance = Int64.max
        case 2...5: balance = random.int64(in: 1...Swift.max(1, order))
        default: balance = random.magnitude()
        }
        return SecondaryInput(
            id: id, partner: rules.partner, method: rules.method, balance: balance, takePolicy: rules.takePolicy,
            limits: rules.limits)
    }

    /// The next operation, biased towards amounts at the edges of what the engine accepts.
    mutating func operation(for engine: SplitEngine) -> SplitPropertyOperation {
        let order = engine.amount.minorUnits
        switch random.int(in: 0...99) {
        case 0..<30:
            return .apply(token(random.pick(tokenIDs), order: order), amount: nil)
        case 30..<60:
            let input = token(random.pick(tokenIDs), order: order)
            let remaining = engine.remainingForSecondaries(excluding: input.id)
            let candidates: [Int64] = [
                0, -1, Int64.min, input.balance, remaining, remaining &+ 1, engine.maxTakeAmount(for: input),
                Swift.min(input.balance, remaining), random.int64(in: 1...Swift.max(1, remaining)), random.magnitude(),
            ]
            return .apply(input, amount: random.pick(candidates))
        case 60..<70:
            return .remove(id: random.chance(90) ? random.pick(tokenIDs) : "absent")
        case 70..<80:
            let maxAmount: Int64? = random.chance(50) ? nil : random.chance(10) ? -7 : random.magnitude()
            let minAmount: Int64? = random.chance(50) ? nil : random.chance(10) ? -7 : random.magnitude(maxDigits: 6)
            return .setPrimary(
                PrimaryShare(
                    id: random.pick(["payline-creditcard", "floa-cb3x", "paypal-wallet"]), partner: "p", method: "m",
                    maxAmount: maxAmount, minAmount: minAmount, isReady: random.chance(50)))
        case 80..<85:
            return .clearPrimary
        case 85..<97:
            return .setPrimaryReady(random.chance(60))
        default:
            return .reset(orderAmount())
        }
    }

    /// What `applySecondary` must do, derived from the rules as the docs state them (not from the engine's
    /// helpers): the amount taken, or the error.
    static func expectedApply(
        _ engine: SplitEngine, _ input: SecondaryInput, amount requested: Int64?
    ) -> Result<Int64, SplitError> {
        let others = engine.secondaryShares.filter { $0.id != input.id }
        let sameMethod = others.filter { $0.partner == input.partner && $0.method == input.method }
        let left = engine.amount.minorUnits - others.reduce(0) { $0 + $1.amount }
        let balance = input.balance
        if balance <= 0 { return .failure(.emptyBalance) }
        if let limit = input.limits.usageLimit, limit > 0, sameMethod.count >= limit {
            return .failure(.usageLimitReached(limit: limit))
        }
        let whole = Swift.min(balance, left)
        let cap = input.limits.maxAmount.map { Swift.max($0, 0) }
        let room = cap.map { Swift.max($0 - sameMethod.reduce(0) { $0 + $1.amount }, 0) }
        if let requested {
            if requested <= 0 || requested > balance || requested > left {
                return .failure(.invalidTakeAmount(amount: requested, balance: balance, remaining: left))
            }
            if input.takePolicy == .max && requested != whole { return .failure(.takePolicyViolated) }
            if let cap, let room, requested > room { return .failure(.maxAmountReached(amount: requested, limit: cap)) }
            return .success(requested)
        }
        if left == 0 { return .failure(.invalidTakeAmount(amount: 0, balance: balance, remaining: 0)) }
        if let cap, let room, input.takePolicy == .max ? whole > room : room == 0 {
            return .failure(.maxAmountReached(amount: whole, limit: cap))
        }
        return .success(input.takePolicy == .max ? whole : Swift.min(whole, room ?? whole))
    }

    /// Every invariant of DESIGN §4 and of the issuer rules, recomputed from the stored state.
    func violations(_ engine: SplitEngine) -> [String] {
        var found: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { found.append(message()) }
        }
        let amount = engine.amount.minorUnits
        check(amount >= 0, "order amount \(amount) is negative")

        var sum: Int64 = 0
        for share in engine.secondaryShares {
            check(share.amount > 0, "share \(share.id) is \(share.amount), not above zero")
            check(share.amount <= share.balance, "share \(share.id) \(share.amount) exceeds balance \(share.balance)")
            let (next, overflow) = sum.addingReportingOverflow(share.amount)
            check(!overflow, "secondary sum overflows")
            sum = next
        }
        check(Set(engine.secondaryShares.map(\.id)).count == engine.secondaryShares.count, "a token appears twice")
        check(engine.secondaryTotal == sum, "secondaryTotal \(engine.secondaryTotal) != Σ \(sum)")
        check(sum <= amount, "Σ secondary \(sum) exceeds the order \(amount)")

        let primaryShare = engine.primaryShare
        var expectedPrimary: Int64 = 0
        if let primary = engine.primary {
            expectedPrimary = Swift.min(amount - sum, Swift.max(primary.maxAmount ?? Int64.max, 0))
        }
        check(primaryShare == expectedPrimary, "primary share \(primaryShare), expected \(expectedPrimary)")
        check(primaryShare >= 0, "primary share \(primaryShare) is negative")
        check(engine.covered == sum + primaryShare, "covered \(engine.covered) != Σ + primary")
        check(engine.covered <= amount, "covered \(engine.covered) exceeds the order \(amount)")

        let remaining = engine.remainingAmountToPay
        check(remaining == amount - sum - primaryShare, "remaining \(remaining) != amount − Σ − primary")
        check(remaining >= 0, "remaining \(remaining) is negative")

        let fulfilled = engine.covered == amount && (engine.primary?.isReady ?? true)
        check(
            engine.isPaymentFulfilled == fulfilled,
            "isPaymentFulfilled \(engine.isPaymentFulfilled), expected \(fulfilled)")

        let minimum = engine.primary?.minAmount ?? 0
        let below = minimum > 0 && primaryShare > 0 && primaryShare < minimum
        check(
            engine.primaryBelowMinimum == below, "primaryBelowMinimum \(engine.primaryBelowMinimum), expected \(below)")

        let entries = engine.entries
        check(entries.allSatisfy { $0.amount > 0 }, "an entry is not above zero")
        check(entries.reduce(0) { $0 + $1.amount } == engine.covered, "entries do not add up to covered")
        check(
            entries.filter { $0.role == .secondary }.map(\.id) == engine.secondaryShares.map(\.id),
            "secondary entries are not the shares in order")
        check(
            entries.last?.role == .primary || primaryShare == 0 && entries.allSatisfy { $0.role == .secondary },
            "the primary entry is missing or not last")

        for rules in methods {
            let shares = engine.secondaryShares.filter { $0.partner == rules.partner && $0.method == rules.method }
            let total = shares.reduce(0) { $0 + $1.amount }
            if let cap = rules.limits.maxAmount {
                check(total <= Swift.max(cap, 0), "\(rules.partner)/\(rules.method) total \(total) exceeds \(cap)")
            }
            if let limit = rules.limits.usageLimit, limit > 0 {
                check(shares.count <= limit, "\(rules.partner)/\(rules.method) has \(shares.count) > \(limit) tokens")
            }
        }
        return found
    }
}
