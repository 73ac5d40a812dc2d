import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// `purse-bench`: round trips, latency, CPU and sandbox throughput (DESIGN.md §9; figures in docs/PERFORMANCE.md).
/// `--quick`: a sub-minute run for CI; `--json`: machine-readable output.
/// `--load SECONDS [--connections N]`: only the load and balance-conservation check (docs/RELIABILITY.md §4).
/// What the SDK adds to an app's size needs Apple's SDK and a Mach-O linker, so `scripts/apple-sdk-check --size`
/// measures it (docs/PERFORMANCE.md §6); `--help` names it.
let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
if arguments.contains("--help") {
    print(
        "usage: purse-bench [--quick] [--json] [--only roundTrips|latency|cpu|sandbox]\n       purse-bench --load SECONDS [--connections N]\n"
            + "       purse-bench --profile-decode SCALE [--repeat N]\n       purse-bench --decode-memory WIDGET_DATA_FILE\n       purse-bench --profile-open SAVED_GIFT_CARDS\n"
            + "the bytes the SDK adds to an iOS app: scripts/apple-sdk-check --size (an Apple SDK and llvm.org's ld64.lld; docs/PERFORMANCE.md §6)"
    )
    exit(0)
}

/// The value after `flag`, as a positive integer; exits 64 when it is missing or not one.
func positiveInteger(after flag: String, default value: Int) -> Int {
    guard let index = argumentList.firstIndex(of: flag) else { return value }
    guard index + 1 < argumentList.count, let number = Int(argumentList[index + 1]), number > 0 else {
        FileHandle.standardError.write(Data("purse-bench: \(flag) needs a positive whole number\n".utf8))
        exit(64)
    }
    return number
}

@MainActor
func runLoad() async -> Int32 {
    let seconds = positiveInteger(after: "--load", default: 30)
    let connections = positiveInteger(after: "--connections", default: 64)
    print("load: wrk, \(connections) connections, \(seconds) s, sessions created and paid by gift cards")
    do {
        let outcome = try await LoadConservation.run(seconds: seconds, connections: connections)
        for line in outcome.lines { print("  " + line) }
        for failure in outcome.failures { print("  FAILED: " + failure) }
        print(outcome.failures.isEmpty ? "load: PASS (zero errors, balances conserved)" : "load: FAIL")
        return outcome.failures.isEmpty ? 0 : 1
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        return 1
    }
}

@MainActor
func runBench() async -> Int32 {
    let report = Report()
    let allSections = ["roundTrips", "latency", "cpu", "sandbox"]
    var sections = allSections
    if let index = argumentList.firstIndex(of: "--only") {
        guard index + 1 < argumentList.count, allSections.contains(argumentList[index + 1]) else {
            FileHandle.standardError.write(
                Data("purse-bench: --only needs one of \(allSections.joined(separator: ", "))\n".utf8))
            return 64
        }
        sections = [argumentList[index + 1]]
    }
    do {
        if sections.contains("roundTrips") { try await RoundTrips.run(into: report) }
        if sections.contains("latency") { try await Latency.run(into: report, quick: quick) }
        if sections.contains("cpu") { try await CPU.run(into: report, quick: quick) }
        if sections.contains("sandbox") { try await SandboxLoad.run(into: report, quick: quick) }
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        print(asJSON ? report.json(sections: sections) : report.table)
        return 1
    }
    print(asJSON ? report.json(sections: sections) : report.table)
    return 0
}

/// `--profile-decode SCALE [--repeat N]`: decodes the real session enlarged SCALE times, N times (once by default),
/// and nothing else: the program to run under `valgrind --tool=callgrind` for an instruction-level breakdown of
/// decoding. The first decode of a process also pays the runtime's one-time work (type metadata, conformances,
/// static tables), so the steady cost of one decode is (N decodes − 1 decode) / (N − 1).
@MainActor
func runProfileDecode() -> Int32 {
    let scale = positiveInteger(after: "--profile-decode", default: 1)
    let repeats = positiveInteger(after: "--repeat", default: 1)
    do {
        let widget = try CPU.enlarge(try Data(contentsOf: CPU.fixtureURL), scale: scale).base64EncodedString()
        var session = try SessionDecoder.decode(widgetData: widget)
        for _ in 1..<repeats { session = try SessionDecoder.decode(widgetData: widget) }
        print(
            "decoded \(CPU.protocolCount(session)) methods (scale \(scale), \(widget.utf8.count) bytes of widget data)")
        return 0
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        return 1
    }
}

/// `--profile-open N`: opens a checkout with N saved gift cards on the in-process sandbox, no latency, 200 times
/// after 20 warm-up openings, and prints the mean: the program to run under `perf record` to see what an opening
/// costs besides the wire.
@MainActor
func runProfileOpen() async -> Int32 {
    let count = positiveInteger(after: "--profile-open", default: 20)
    do {
        let bench = try Bench(loopback: false, catalogue: Flows.catalogue(savedGiftCards: count))
        let clock = ContinuousClock()
        var total = Duration.zero
        let warmUps = 20
        let openings = 200
        for index in 0..<(warmUps + openings) {
            let session = try bench.sandbox.createClientSession(amount: 30, shopper: PurseSandbox.demoShopper)
            let start = clock.now
            let checkout = try await bench.open(widgetData: session.widgetData)
            await checkout.waitForSavedSecondaryBalances()
            if index >= warmUps { total += start.duration(to: clock.now) }
        }
        let mean = total.seconds * 1000 / Double(openings)
        print("opened \(openings) checkouts with \(count) saved gift cards: \(format(mean, 3)) ms each (mean)")
        return 0
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        return 1
    }
}

let status: Int32
if arguments.contains("--load") {
    status = await runLoad()
} else if let index = argumentList.firstIndex(of: "--decode-memory"), index + 1 < argumentList.count {
    // The child `DecodeMemory.measure` starts: one decode of the widget data in the file, its peak memory.
    status = DecodeMemory.runChild(path: argumentList[index + 1])
} else if arguments.contains("--profile-decode") {
    status = runProfileDecode()
} else if arguments.contains("--profile-open") {
    status = await runProfileOpen()
} else {
    status = await runBench()
}
exit(status)
