import Foundation

/// `purse-bench`: round trips, latency, CPU and sandbox throughput (DESIGN.md §9, issue 9).
/// `--quick`: a sub-minute run for CI; `--json`: machine-readable output.
let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
if arguments.contains("--help") {
    print("usage: purse-bench [--quick] [--json]")
    exit(0)
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

let status = await runBench()
exit(status)
