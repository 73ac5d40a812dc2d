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
        // Floors by (calls, loopback), for the opening rows below.
        var floors: [String: Duration] = [:]
        for (calls, loopback) in [(1, true), (1, false), (2, true), (6, true), (21, true), (21, false)] {
            // The floor: bare calls at once through the same transport (a new one, as an opening gets), nothing
            // of the SDK around them. Its excess over 50 ms is the instrument's (timer wake-up, HTTP stack), which
            // every flow above pays per round trip; 21 calls are what opening with 20 saved gift cards sends.
            var best = Duration.seconds(1000)
            for _ in 0..<max(repeats, 3) {
                let bench = try Bench(loopback: loopback)
                defer { bench.stop() }
                bench.sandbox.faults.globalLatency = latency
                guard let url = URL(string: bench.sandbox.baseURL + "/clock/datetime") else {
                    throw BenchError("bad sandbox base URL \(bench.sandbox.baseURL)")
                }
                let transport = bench.transport
                let (_, time) = try await bench.measure {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<calls {
                            group.addTask { _ = try await transport.send(HTTPRequest(method: "GET", url: url)) }
                        }
                        try await group.waitForAll()
                    }
                }
                best = min(best, time)
            }
            floors["\(calls) \(loopback)"] = best
            add(
                report,
                "floor: \(calls == 1 ? "one bare call" : "\(calls) bare calls at once")"
                    + (loopback ? "" : " (in-process)"), best, 1,
                "no SDK: the transport alone, the lowest a 1-trip flow \(calls == 1 ? "" : "of \(calls) calls ")can measure"
            )
        }
        for (count, loopback) in [(1, true), (5, true), (20, true), (20, false)] {
            var best = Duration.seconds(1000)
            var opened = Duration.zero
            for _ in 0..<repeats {
                let bench = try Bench(loopback: loopback, catalogue: Flows.catalogue(savedGiftCards: count))
                defer { bench.stop() }
                bench.sandbox.faults.globalLatency = latency
                // The merchant backend's part (creating the session) is not the SDK's: it stays out of the timing.
                let session = try bench.sandbox.createClientSession(amount: 30, shopper: PurseSandbox.demoShopper)
                let clock = ContinuousClock()
                let start = clock.now
                let checkout = try await bench.open(widgetData: session.widgetData)
                let afterOpen = clock.now
                await checkout.waitForSavedSecondaryBalances()
                let total = start.duration(to: clock.now)
                if total < best {
                    best = total
                    opened = start.duration(to: afterOpen)
                }
            }
            // The time request and every balance look-up go out together: 1 round trip. The floor of as many
            // bare calls at once, when measured, shows what the SDK and the sandbox's work add to the transport's.
            var note = "datetime and all /init at once; open returned after \(format(opened.seconds * 1000, 0)) ms"
            if let floor = floors["\(count + 1) \(loopback)"] {
                note += "; \(format((best - floor).seconds * 1000, 1)) ms over the floor of \(count + 1) calls"
            }
            add(report, "open + balances, \(count) saved gift cards\(loopback ? "" : " (in-process)")", best, 1, note)
        }
        try await UpdateRoundTrips.latency(into: report, repeats: repeats)
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
