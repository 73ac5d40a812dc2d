import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// Section 1: calls the sandbox receives per flow, next to the protocol minimum (in-process, deterministic).
@MainActor
enum RoundTrips {
    static func run(into report: Report) async throws {
        for flow in Flows.all {
            let bench = try Bench(loopback: false)
            defer { bench.stop() }
            let checkout = try await bench.open(amount: flow.amount, shopper: flow.shopper)
            await checkout.waitForSavedSecondaryBalances()
            let (calls, _) = try await bench.measure { try await flow.action(bench, checkout) }
            let sdkCalls = calls.filter { $0.key != .pages }.values.reduce(0, +)
            add(report, flow.name, sdkCalls, flow.minimum, flow.rationale, calls)
        }
        for count in [1, 5, 20] {
            let bench = try Bench(loopback: false, catalogue: Flows.catalogue(savedGiftCards: count))
            defer { bench.stop() }
            let (calls, _) = try await bench.measure {
                let checkout = try await bench.open(amount: 30, shopper: PurseSandbox.demoShopper)
                await checkout.waitForSavedSecondaryBalances()
            }
            let sdkCalls = calls.values.reduce(0, +)
            add(
                report, "open, \(count) saved gift cards", sdkCalls, 1 + count,
                "1 /clock/datetime + 1 /init per saved card (tokens come in the widget data)", calls)
        }
        try await UpdateRoundTrips.run(into: report)
    }

    static func add(
        _ report: Report, _ name: String, _ calls: Int, _ minimum: Int, _ rationale: String,
        _ routes: [SandboxRoute: Int]
    ) {
        let breakdown = routes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
        // A flow whose minimum is no call at all is met only by no call.
        let ratio = minimum == 0 ? (calls == 0 ? 1.0 : Double(calls + 1)) : Double(calls) / Double(minimum)
        let value =
            minimum == 0 ? "\(calls) calls / min 0" : "\(calls) calls / min \(minimum) = \(format(ratio))"
        report.add(
            Row(
                section: "roundTrips", name: name, value: value, target: minimum == 0 ? "0 calls" : "1.00",
                met: ratio <= 1.0,
                note: "min: \(rationale); got \(breakdown.isEmpty ? "no call" : breakdown.joined(separator: " "))"))
    }
}
