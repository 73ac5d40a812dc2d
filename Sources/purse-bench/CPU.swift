import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Section 3: session decoding and the main-actor cost of user actions at 1×, 10×, 100× a real session.
@MainActor
enum CPU {
    static let scales = [1, 10, 100]

    static func run(into report: Report, quick: Bool) async throws {
        let fixture = try Data(contentsOf: fixtureURL)
        let widgets = try scales.map { try enlarge(fixture, scale: $0).base64EncodedString() }
        let sessions = try widgets.map { try SessionDecoder.decode(widgetData: $0) }  // also the warm-up
        let decodeTimes = interleaved(rounds: quick ? 2 : 9, calls: scales.map { max(1, (quick ? 4 : 40) / $0) }) {
            _ = try? SessionDecoder.decode(widgetData: widgets[$0])
        }
        for (index, scale) in scales.enumerated() {
            add(
                report, "decode real session", scale, decodeTimes[index], decodeTimes[0],
                "\(protocolCount(sessions[index])) methods; best of \(quick ? 2 : 9) interleaved rounds")
        }
        // One checkout per scale, all opened before any timing: the actions are then timed in interleaved rounds
        // across the scales, like decoding. (Timed one scale after the other, the 1× rows ran first and paid the
        // process's warm-up: 8–9 µs against 4–5 µs at 10×, which understated every growth ratio.)
        var benches: [Bench] = []
        defer { benches.forEach { $0.stop() } }
        var operationsByScale: [[(String, () -> Void)]] = []
        var methodCounts: [Int] = []
        for scale in scales {
            let bench = try Bench(loopback: false)
            benches.append(bench)
            let created = try bench.sandbox.createClientSession(amount: 30, shopper: nil)
            guard let raw = Data(base64Encoded: created.widgetData) else { throw BenchError("widget data") }
            let widget = try enlarge(raw, scale: scale).base64EncodedString()
            let configuration = PurseCheckoutConfiguration(transport: SandboxTransport(bench.sandbox), now: { Date() })
            let checkout = try await PurseHeadlessCheckout(widgetData: widget, configuration: configuration)
            let token = try await checkout.getSecondaryToken(
                method: try Flows.method(checkout, "illicado", "giftcard"), pan: "6003580000000000011", cvv: "1234")
            guard let primary = checkout.paymentMethods.first(where: { $0.id.hasSuffix("creditcard") }) else {
                throw BenchError("no card method")
            }
            var flag = false
            operationsByScale.append([
                ("select (setPrimary)", { try? checkout.setPrimary(primary) }),
                ("apply", { try? checkout.applySecondary(token) }),
                ("cap (apply 2.00)", { try? checkout.applySecondary(token, amount: 2) }),
                (
                    "register",
                    {
                        flag.toggle()
                        try? checkout.registerSecondary(token, registered: flag, name: flag ? "bench" : nil)
                    }
                ),
                // Timed with the apply that puts the card back, so that every call removes something.
                (
                    "remove",
                    {
                        checkout.removeSecondary(token)
                        try? checkout.applySecondary(token)
                    }
                ),
            ])
            methodCounts.append(checkout.paymentMethods.count + checkout.secondaryMethods.count)
        }
        let rounds = quick ? 2 : 9
        let names = operationsByScale[0].map(\.0)
        var times: [[Double]] = []  // [operation][scale]
        for index in names.indices {
            for operations in operationsByScale { operations[index].1() }  // warm-up
            times.append(
                interleaved(rounds: rounds, calls: scales.map { _ in quick ? 10 : 100 }) { variant in
                    operationsByScale[variant][index].1()
                })
        }
        for (scaleIndex, scale) in scales.enumerated() {
            for (index, name) in names.enumerated() {
                add(
                    report, name, scale, times[index][scaleIndex], times[index][0],
                    "\(methodCounts[scaleIndex]) methods; best of \(rounds) interleaved rounds")
            }
        }
    }

    static func add(_ report: Report, _ name: String, _ scale: Int, _ time: Double, _ base: Double, _ note: String) {
        let growth = time / base
        report.add(
            Row(
                section: "cpu", name: "\(name) @\(scale)×",
                value: "\(format(time * 1e6, 1)) µs/op, ×\(format(growth, 1))",
                target: "growth ≤ \(scale)", met: growth <= Double(scale) * 1.2, note: note))
    }

    /// Time per call of `body(variant)` for each variant: `rounds` rounds, each timing one batch of
    /// `calls[variant]` calls of every variant in turn; the best batch of each.
    ///
    /// Interleaved because the ratio between variants is what is reported: a slow period of this shared VM then
    /// slows every scale of a round alike instead of one scale's whole measurement. Measured one scale after the
    /// other, the 1× decode moved between 1.6 and 2.8 ms from run to run, and the printed 100× growth between ×67
    /// and ×157.
    static func interleaved(rounds: Int, calls: [Int], _ body: (Int) -> Void) -> [Double] {
        let clock = ContinuousClock()
        var best = [Double](repeating: .infinity, count: calls.count)
        for _ in 0..<rounds {
            for (variant, count) in calls.enumerated() {
                let start = clock.now
                for _ in 0..<count { body(variant) }
                best[variant] = min(best[variant], start.duration(to: clock.now).seconds / Double(count))
            }
        }
        return best
    }

    static func protocolCount(_ session: ClientSession) -> Int {
        session.primaryMethods.count + session.secondaryMethods.count
    }

    static var fixtureURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Tests/PurseHeadlessCheckoutTests/Fixtures/legacy-session-sample.json")
    }

    /// The document with `paymentSession.protocols` replicated `scale` times under new partner names.
    static func enlarge(_ json: Data, scale: Int) throws -> Data {
        guard var document = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            var session = document["paymentSession"] as? [String: Any],
            let protocols = session["protocols"] as? [String: Any]
        else { throw BenchError("no paymentSession.protocols") }
        var enlarged = protocols
        for copy in 1..<max(scale, 1) {
            for (partner, methods) in protocols { enlarged["\(partner)x\(copy)"] = methods }
        }
        session["protocols"] = enlarged
        document["paymentSession"] = session
        return try JSONSerialization.data(withJSONObject: document)
    }
}
