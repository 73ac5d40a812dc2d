import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Section 1, session updates: the calls `updateSession` makes, one row per case. Only a card whose balance was
/// read against a smaller amount (the issuer answers `min(balance, amount asked)`) needs a call when the order
/// grows; a shrinking order or a checkout without gift cards needs none.
@MainActor
enum UpdateRoundTrips {
    /// A catalogue gift card: its method, number and PIN.
    private struct Card {
        let partner: String
        let method: String
        let pan: String
        let pin: String?
    }

    private static let illicado = Card(partner: "illicado", method: "giftcard", pan: "6003580000000000011", pin: "1234")
    private static let easy2play = Card(partner: "easy2play", method: "giftcard", pan: "8000000000000011", pin: "111")
    private static let mybeezbox = Card(partner: "mybeezbox", method: "giftcard", pan: "3000000000000013", pin: nil)
    private static let ogloba = Card(partner: "ogloba", method: "giftcard", pan: "7000000000000000014", pin: "4321")

    private struct Case {
        let name: String
        let from: Decimal
        let to: Decimal
        let cards: [Card]
        let minimum: Int
        let rationale: String
    }

    private static let cases: [Case] = [
        Case(
            name: "update session, no secondary (42.99 → 49.99)", from: 42.99, to: 49.99, cards: [], minimum: 0,
            rationale: "nothing to read again: the widget data is the new session"),
        Case(
            name: "update session, 2 gift cards, order shrank (100 → 80)", from: 100, to: 80,
            cards: [illicado, ogloba], minimum: 0, rationale: "clamping needs no balance"),
        Case(
            name: "update session, 2 gift cards, order grew (100 → 120)", from: 100, to: 120,
            cards: [illicado, ogloba], minimum: 1,
            rationale: "1 /init: Ogloba was read against 50.00 of its 100.00; Illicado's 50.00 was all it holds"),
        Case(
            name: "update session, 4 gift cards, order grew (160 → 200)", from: 160, to: 200,
            cards: [illicado, easy2play, mybeezbox, ogloba], minimum: 1,
            rationale: "1 /init: only Ogloba was read against less than it holds"),
    ]

    static func run(into report: Report) async throws {
        for item in cases {
            let bench = try Bench(loopback: false)
            defer { bench.stop() }
            let (checkout, next) = try await prepare(item, on: bench)
            let (calls, _) = try await bench.measure {
                try await checkout.updateSession(widgetData: next.widgetData)
            }
            guard checkout.session.id == next.id else { throw BenchError("\(item.name): not updated") }
            let sdkCalls = calls.values.reduce(0, +)
            RoundTrips.add(report, item.name, sdkCalls, item.minimum, item.rationale, calls)
        }
    }

    /// Section 2, the same updates timed over loopback HTTP with 50 ms on every answer: the cases that make one
    /// call are judged against one round trip; those that make none are reported in milliseconds, with no ratio.
    static func latency(into report: Report, repeats: Int) async throws {
        for item in cases {
            var best = Duration.seconds(1000)
            for _ in 0..<repeats {
                let bench = try Bench(loopback: true)
                defer { bench.stop() }
                let (checkout, next) = try await prepare(item, on: bench)
                bench.sandbox.faults.globalLatency = Latency.latency
                let (_, time) = try await bench.measure {
                    try await checkout.updateSession(widgetData: next.widgetData)
                }
                guard checkout.session.id == next.id else { throw BenchError("\(item.name): not updated") }
                best = min(best, time)
            }
            if item.minimum > 0 {
                Latency.add(report, item.name, best, item.minimum, item.rationale)
            } else {
                report.add(
                    Row(
                        section: "latency", name: item.name, value: "\(format(best.seconds * 1000, 1)) ms, no call",
                        target: "< 50 ms (no round trip)", met: best < Latency.latency, note: item.rationale))
            }
        }
    }

    /// A checkout opened for `item.from` with the case's gift cards applied, and the new session for `item.to`.
    private static func prepare(
        _ item: Case, on bench: Bench
    ) async throws -> (PurseHeadlessCheckout, SandboxClientSession) {
        let checkout = try await bench.open(amount: item.from, shopper: nil)
        for card in item.cards {
            guard
                let method = checkout.secondaryMethods.first(where: {
                    $0.partner.rawValue == card.partner && $0.method.rawValue == card.method
                })
            else { throw BenchError("no \(card.partner)-\(card.method) in the session") }
            try checkout.applySecondary(
                try await checkout.getSecondaryToken(method: method, pan: card.pan, cvv: card.pin))
        }
        return (checkout, try bench.sandbox.createClientSession(amount: item.to, shopper: nil))
    }
}
