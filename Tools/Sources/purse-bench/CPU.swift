import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Section 3: session decoding (beside Foundation's parse and a `JSONDecoder` walk of the same bytes, and its peak
/// memory at 100×) and the main-actor cost of user actions at 1×, 10×, 100× a real session.
@MainActor
enum CPU {
    static let scales = [1, 10, 100]

    static func run(into report: Report, quick: Bool) async throws {
        let fixture = try Data(contentsOf: fixtureURL)
        let widgets = try scales.map { try enlarge(fixture, scale: $0).base64EncodedString() }
        let sessions = try widgets.map { try SessionDecoder.decode(widgetData: $0) }  // also the warm-up
        // The platform's peers on the real session, in the same rounds: the SDK's 1× row is a ratio to each.
        let peers: [(name: String, run: (String) -> Bool)] = [
            ("Foundation parse (base64 + JSONSerialization)", DecodePeers.foundationParse),
            ("JSONDecoder (base64 + Codable model)", DecodePeers.codableDecode),
        ]
        for peer in peers where !peer.run(widgets[0]) { throw BenchError("\(peer.name) failed on the real session") }
        let batch = quick ? 4 : 40
        let decodeRounds = quick ? 2 : 9
        let decodeTimes = interleaved(
            rounds: decodeRounds, calls: scales.map { max(1, batch / $0) } + peers.map { _ in batch }
        ) { variant in
            if variant < scales.count {
                _ = try? SessionDecoder.decode(widgetData: widgets[variant])
            } else {
                _ = peers[variant - scales.count].run(widgets[0])
            }
        }
        let peerTimes = Array(decodeTimes[scales.count...])
        let memory = try DecodeMemory.measure(widgetData: widgets[scales.count - 1])
        for (index, scale) in scales.enumerated() {
            var note = "\(protocolCount(sessions[index])) methods; best of \(decodeRounds) interleaved rounds"
            var numbers: [String: Double] = [:]
            if index == 0 {
                let ratios = zip(peers, peerTimes).map { "\(format(decodeTimes[0] / $1)) × \($0.name)" }
                note += "; " + ratios.joined(separator: ", ")
            }
            var suffix = ""
            if index == scales.count - 1 {
                if let memory {
                    suffix = ", peak \(format(Double(memory.peakBytes) / 1_048_576, 1)) MB"
                    numbers["peakBytes"] = Double(memory.peakBytes)
                    note +=
                        "; peak = highest RSS during one decode in a child process less its RSS before "
                        + "(\(format(Double(memory.retainedBytes) / 1_048_576, 1)) MB still held after)"
                } else {
                    suffix = ", peak memory n/a (no /proc)"
                }
            }
            add(
                report, "decode real session", scale, decodeTimes[index], decodeTimes[0], note, suffix: suffix,
                numbers: numbers)
        }
        // The target: the SDK's whole decode at most a quarter of the platform's parse alone.
        for (peer, time) in zip(peers, peerTimes) {
            let ratio = decodeTimes[0] / time
            report.add(
                Row(
                    section: "cpu", name: "decode real session @1× ÷ \(peer.name)",
                    value: "\(format(ratio)) = \(format(decodeTimes[0] * 1e6, 1)) / \(format(time * 1e6, 1)) µs",
                    target: "≤ 0.25", met: ratio <= 0.25,
                    note: "same interleaved rounds as the decode rows; best of \(decodeRounds)",
                    numbers: ["ratio": ratio, "sdkMicroseconds": decodeTimes[0] * 1e6, "peerMicroseconds": time * 1e6]
                ))
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

    static func add(
        _ report: Report, _ name: String, _ scale: Int, _ time: Double, _ base: Double, _ note: String,
        suffix: String = "", numbers: [String: Double] = [:]
    ) {
        let growth = time / base
        report.add(
            Row(
                section: "cpu", name: "\(name) @\(scale)×",
                value: "\(format(time * 1e6, 1)) µs/op, ×\(format(growth, 1))" + suffix,
                target: "growth ≤ \(scale)", met: growth <= Double(scale) * 1.2, note: note, numbers: numbers))
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
