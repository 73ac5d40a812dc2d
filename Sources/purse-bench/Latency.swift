import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// Section 2: 50 ms injected on every call, loopback HTTP, real clock; wall time over the critical path.
@MainActor
enum Latency {
    static let latency = Duration.milliseconds(50)

    static func run(into report: Report, quick: Bool) async throws {
        let repeats = quick ? 1 : 3
        for flow in Flows.all {
            var best = Duration.seconds(1000)
            for _ in 0..<repeats {
                let bench = try Bench(loopback: true)
                defer { bench.stop() }
                let checkout = try await bench.open(amount: flow.amount, shopper: flow.shopper)
                await checkout.waitForSavedSecondaryBalances()
                bench.sandbox.faults.globalLatency = latency
                let (_, time) = try await bench.measure { try await flow.action(bench, checkout) }
                best = min(best, time)
            }
            add(report, flow.name, best, flow.criticalPath, "\(flow.criticalPath) sequential round trips")
        }
        for (count, loopback) in [(1, true), (5, true), (20, true), (20, false)] {
            var best = Duration.seconds(1000)
            var opened = Duration.zero
            for _ in 0..<repeats {
                let bench = try Bench(loopback: loopback, catalogue: Flows.catalogue(savedGiftCards: count))
                defer { bench.stop() }
                bench.sandbox.faults.globalLatency = latency
                let clock = ContinuousClock()
                let start = clock.now
                let checkout = try await bench.open(amount: 30, shopper: PurseSandbox.demoShopper)
                let afterOpen = clock.now
                await checkout.waitForSavedSecondaryBalances()
                let total = start.duration(to: clock.now)
                if total < best {
                    best = total
                    opened = start.duration(to: afterOpen)
                }
            }
            // Opening (GET /clock/datetime), then the balance look-ups, all at once: 2 round trips.
            add(
                report, "open + balances, \(count) saved gift cards\(loopback ? "" : " (in-process)")", best, 2,
                "datetime, then all /init at once; open returned after \(format(opened.seconds * 1000, 0)) ms")
        }
    }

    static func add(_ report: Report, _ name: String, _ time: Duration, _ trips: Int, _ why: String) {
        let ratio = time.seconds / (latency.seconds * Double(trips))
        report.add(
            Row(
                section: "latency", name: name,
                value: "\(format(time.seconds * 1000, 1)) ms / \(trips)×50 ms = \(format(ratio))",
                target: "≤ 1.05", met: ratio <= 1.05, note: why))
    }
}
