import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Property tests: thousands of random splits driven by random operations, every invariant checked after
/// every operation, every apply compared with an independent prediction, every state restored from its
/// snapshot.
///
/// Deterministic: the base seed is fixed. A failure names its case seed; rerun only that case with
/// `PURSE_SPLIT_SEED=0x… swift test --filter SplitPropertyTests`.
struct SplitPropertyTests {
    static let baseSeed: UInt64 = 0x5EED_0000_2025_0401
    static let caseCount = 2000
    static let maxOperations = 40

    @Test("random operation sequences keep every split invariant")
    func invariantsHold() {
        let seeds: [UInt64]
        if let text = ProcessInfo.processInfo.environment["PURSE_SPLIT_SEED"],
            let seed = UInt64(text.replacingOccurrences(of: "0x", with: ""), radix: 16)
        {
            seeds = [seed]
        } else {
            seeds = (0..<Self.caseCount).map { MoneyTestRandom.caseSeed(base: Self.baseSeed, index: $0) }
        }
        var operations = 0
        var successes = 0
        var fulfilledWithSecondaries = 0
        var belowMinimum = 0
        var errorsSeen: Set<String> = []
        for seed in seeds {
            let outcome = Self.run(seed: seed)
            operations += outcome.operations
            successes += outcome.successes
            fulfilledWithSecondaries += outcome.fulfilledWithSecondaries
            belowMinimum += outcome.belowMinimum
            errorsSeen.formUnion(outcome.errors)
            if let failure = outcome.failure {
                Issue.record(
                    "split property failed; reproduce with PURSE_SPLIT_SEED=0x\(String(seed, radix: 16)): \(failure)")
                return
            }
        }
        guard seeds.count == Self.caseCount else { return }
        // The generator must actually reach every rule, or the property proves little.
        #expect(operations > Self.caseCount * 10)
        #expect(successes > operations / 5)
        #expect(fulfilledWithSecondaries > Self.caseCount / 10)
        #expect(belowMinimum > 0)
        #expect(
            errorsSeen == [
                "INVALID_TAKE_AMOUNT", "MAX_AMOUNT_REACHED", "USAGE_LIMIT_ERROR",
                "SECONDARY_METHOD_TAKE_POLICY_VIOLATED",
                "SECONDARY_TOKEN_EMPTY_BALANCE",
            ])
    }

    private struct Outcome {
        var operations = 0
        var successes = 0
        var fulfilledWithSecondaries = 0
        var belowMinimum = 0
        var errors: Set<String> = []
        var failure: String?
    }

    /// One scenario: a random order, then up to ``maxOperations`` random operations.
    private static func run(seed: UInt64) -> Outcome {
        var model = SplitPropertyModel(seed: seed)
        var outcome = Outcome()
        guard var engine = try? SplitEngine(amount: model.orderAmount()) else {
            outcome.failure = "a non-negative order amount was refused"
            return outcome
        }
        if let broken = model.violations(engine).first {
            outcome.failure = "initial state: \(broken)"
            return outcome
        }
        for step in 0..<model.random.int(in: 1...maxOperations) {
            let operation = model.operation(for: engine)
            let before = engine
            outcome.operations += 1
            switch operation {
            case .apply(let input, let amount):
                let expected = SplitPropertyModel.expectedApply(before, input, amount: amount)
                do {
                    engine = try before.applySecondary(input, amount: amount)
                    outcome.successes += 1
                    if let mismatch = appliedMismatch(before, engine, input, expected) {
                        outcome.failure = "op \(step) \(operation): \(mismatch)"
                        return outcome
                    }
                } catch {
                    outcome.errors.insert(error.code)
                    if expected != .failure(error) || engine != before {
                        outcome.failure = "op \(step) \(operation): threw \(error), expected \(expected)"
                        return outcome
                    }
                }
            case .remove(let id):
                engine = before.removeSecondary(id: id)
                if engine.share(id: id) != nil
                    || engine.secondaryShares != before.secondaryShares.filter({ $0.id != id })
                {
                    outcome.failure = "op \(step) \(operation): other shares changed"
                    return outcome
                }
            case .setPrimary(let primary):
                engine = before.setPrimary(primary)
            case .clearPrimary:
                engine = before.clearPrimary()
            case .setPrimaryReady(let ready):
                engine = before.setPrimaryReady(ready)
                if engine.primary?.isReady != (before.primary == nil ? nil : ready) {
                    outcome.failure = "op \(step) \(operation): readiness not applied"
                    return outcome
                }
            case .reset(let amount):
                guard let next = try? before.reset(amount: amount) else {
                    outcome.failure = "op \(step) \(operation): a non-negative amount was refused"
                    return outcome
                }
                engine = next
            }
            if let broken = model.violations(engine).first {
                outcome.failure = "op \(step) \(operation): \(broken)"
                return outcome
            }
            let restored = try? SplitEngine.restored(
                amount: engine.amount, secondaryShares: engine.secondaryShares, primary: engine.primary)
            if restored != engine {
                outcome.failure = "op \(step) \(operation): restoring the snapshot gives another split"
                return outcome
            }
            if engine.isPaymentFulfilled && engine.secondaryTotal > 0 { outcome.fulfilledWithSecondaries += 1 }
            if engine.primaryBelowMinimum { outcome.belowMinimum += 1 }
        }
        return outcome
    }

    /// Compares a successful apply with the prediction: only the token's share changed, in place or appended.
    private static func appliedMismatch(
        _ before: SplitEngine, _ after: SplitEngine, _ input: SecondaryInput, _ expected: Result<Int64, SplitError>
    ) -> String? {
        guard case .success(let take) = expected else { return "succeeded, expected \(expected)" }
        let share = SecondaryShare(input, amount: take)
        var shares = before.secondaryShares
        if let index = shares.firstIndex(where: { $0.id == input.id }) {
            shares[index] = share
        } else {
            shares.append(share)
        }
        guard after.secondaryShares == shares, after.primary == before.primary, after.amount == before.amount else {
            return "took \(after.share(id: input.id)?.amount ?? -1), expected \(take), or other state changed"
        }
        return nil
    }
}
