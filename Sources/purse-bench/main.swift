import Foundation
import PurseHeadlessCheckout

/// `purse-bench`: round trips, latency, CPU and sandbox throughput (DESIGN.md §9, issue 9).
/// `--quick`: a sub-minute run for CI; `--json`: machine-readable output.
/// `--load SECONDS [--connections N]`: only the load and balance-conservation check of issue 8.
let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
if arguments.contains("--help") {
    print(
        "usage: purse-bench [--quick] [--json]\n       purse-bench --load SECONDS [--connections N]\n"
            + "       purse-bench --profile-decode SCALE")
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
    let sections = ["roundTrips", "latency", "cpu", "sandbox"]
    do {
        try await RoundTrips.run(into: report)
        try await Latency.run(into: report, quick: quick)
        try await CPU.run(into: report, quick: quick)
        try await SandboxLoad.run(into: report, quick: quick)
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        print(asJSON ? report.json(sections: sections) : report.table)
        return 1
    }
    print(asJSON ? report.json(sections: sections) : report.table)
    return 0
}

/// `--profile-decode SCALE`: decodes the real session enlarged SCALE times, once, and nothing else: the
/// program to run under `valgrind --tool=callgrind` for an instruction-level breakdown of decoding.
@MainActor
func runProfileDecode() -> Int32 {
    let scale = positiveInteger(after: "--profile-decode", default: 1)
    do {
        let widget = try CPU.enlarge(try Data(contentsOf: CPU.fixtureURL), scale: scale).base64EncodedString()
        let session = try SessionDecoder.decode(widgetData: widget)
        print(
            "decoded \(CPU.protocolCount(session)) methods (scale \(scale), \(widget.utf8.count) bytes of widget data)")
        return 0
    } catch {
        FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
        return 1
    }
}

let status: Int32
if arguments.contains("--load") {
    status = await runLoad()
} else if arguments.contains("--profile-decode") {
    status = runProfileDecode()
} else {
    status = await runBench()
}
exit(status)
