import Foundation
import PurseSandbox
import PurseSandboxServer

/// Section 4: requests/s and p99 of the sandbox (GET /clock/datetime) with `wrk`, next to nginx serving a
/// static file on the same machine. The target is 0.8 × nginx (DESIGN §9 asked ½; the SwiftNIO server was
/// asked for 0.8 at 16 and 64 connections).
///
/// The two are measured in alternating rounds (the sandbox for two seconds, then nginx for two), and the row
/// gives the medians and each round's ratio: on a shared machine the throughput of either moves by half from one
/// run to the next, and a single pair of runs says more about the neighbours than about the servers.
@MainActor
enum SandboxLoad {
    static let connections = [1, 16, 64]
    static let rounds = 5

    static func run(into report: Report, quick: Bool) async throws {
        if quick {
            report.skip("sandbox", because: "--quick: no wrk/nginx run")
            return
        }
        guard let wrk = which("wrk") else {
            report.skip("sandbox", because: "wrk not installed (apt-get install wrk)")
            return
        }
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(10))
        let base = try server.start()
        defer { server.stop() }
        let nginx = try? Nginx.start()
        defer { nginx?.stop() }
        if nginx == nil { report.skip("sandbox (nginx)", because: "nginx not installed or failed to start") }
        for count in connections {
            var ours: [Load] = []
            var theirs: [Load] = []
            var ratios: [Double] = []
            for _ in 0..<rounds {
                let mine = try await load(wrk, base.absoluteString + "/clock/datetime", count, server: nil)
                ours.append(mine)
                guard let nginx else { continue }
                let other = try await load(
                    wrk, "http://127.0.0.1:\(nginx.port)/static.txt", count, server: nginx.processIdentifiers())
                theirs.append(other)
                if other.rps > 0 { ratios.append(mine.rps / other.rps) }
            }
            let rate = median(ours.map(\.rps))
            var note = ""
            var met: Bool?
            if nginx != nil, !ratios.isEmpty {
                let ratio = median(ratios)
                note =
                    "median ratio \(format(ratio, 2)) (rounds: \(ratios.map { format($0, 2) }.joined(separator: " "))); "
                    + "nginx: \(format(median(theirs.map(\.rps)), 0)) req/s, p99 \(theirs.last?.p99 ?? "?"); "
                    + "CPU per request: sandbox \(cpu(ours)), nginx \(cpu(theirs))"
                met = ratio >= 0.8
            }
            report.add(
                Row(
                    section: "sandbox", name: "GET /clock/datetime, \(count) conn",
                    value: "\(format(rate, 0)) req/s, p99 \(ours.last?.p99 ?? "?")", target: "≥ 0.8 × nginx", met: met,
                    note: note))
        }
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// One `wrk` run: requests per second, the p99 latency as `wrk` prints it, and the server's CPU time per
    /// request (user + system, all its threads), when it could be read.
    struct Load {
        var rps: Double
        var p99: String
        var cpuPerRequest: Duration?
    }

    /// The median CPU time per request of `runs`, in µs, or `?`.
    static func cpu(_ runs: [Load]) -> String {
        let values = runs.compactMap(\.cpuPerRequest).map {
            Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6
        }
        return values.isEmpty ? "?" : "\(format(median(values), 1)) µs"
    }

    /// `wrk` against `url`; the CPU time is this process's (the sandbox runs in it) when `server` is `nil`, else
    /// the sum over those processes (Linux's `/proc`; none elsewhere).
    static func load(_ wrk: String, _ url: String, _ connections: Int, server: [Int32]?) async throws -> Load {
        let threads = min(connections, 2)
        let before = cpuTime(server)
        let output = try run(wrk, ["-t\(threads)", "-c\(connections)", "-d2s", "--latency", url])
        let after = cpuTime(server)
        var rps = 0.0
        var p99 = "?"
        var requests = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count > 1 { rps = Double(fields[1]) ?? 0 }
            if fields.first == "99%", fields.count > 1 { p99 = String(fields[1]) }
            if fields.count > 2, fields[1] == "requests", fields[2] == "in" { requests = Int(fields[0]) ?? 0 }
        }
        var perRequest: Duration?
        if let before, let after, requests > 0 { perRequest = (after - before) / requests }
        return Load(rps: rps, p99: p99, cpuPerRequest: perRequest)
    }

    /// User + system CPU time of this process (`nil`), or the sum over processes `pids` (from `/proc`, Linux
    /// only; `nil` if one of them cannot be read).
    nonisolated static func cpuTime(_ pids: [Int32]?) -> Duration? {
        guard let pids else {
            var usage = rusage()
            #if canImport(Glibc)
                let who = __rusage_who_t(RUSAGE_SELF.rawValue)
            #else
                let who = RUSAGE_SELF
            #endif
            guard getrusage(who, &usage) == 0 else { return nil }
            func duration(_ time: timeval) -> Duration {
                .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
            }
            return duration(usage.ru_utime) + duration(usage.ru_stime)
        }
        var total = Duration.zero
        for pid in pids {
            guard let time = processCPUTime(pid) else { return nil }
            total += time
        }
        return pids.isEmpty ? nil : total
    }

    /// Fields 3 onwards of `/proc/PID/stat` (after `pid (comm) `, which may hold spaces): state, ppid, …
    nonisolated static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// User + system CPU time of process `pid` (`/proc`, Linux only).
    nonisolated static func processCPUTime(_ pid: Int32) -> Duration? {
        guard let fields = statFields(pid) else { return nil }
        // State is field 3 (index 0 here); utime and stime are fields 14 and 15.
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0 else { return nil }
        return .milliseconds((user + system) * 1000 / ticks)
    }

    nonisolated static func which(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"] {
            let path = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    @discardableResult
    nonisolated static func run(_ executable: String, _ arguments: [String], capture: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // A daemon (nginx) keeps inherited pipes open: read nothing from it, or the read never ends.
        guard capture else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return ""
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// nginx with a temporary configuration on a free port, serving one small static file: a master process in the
/// foreground (`daemon off`, a child of this one) and two workers, as many as the sandbox's event loops on a
/// two-core machine. (With `master_process off`, which the bench once used, nginx ignores `worker_processes` and serves
/// from one process: a weaker yardstick than the configuration said.)
struct Nginx {
    let port: Int
    let process: Process
    /// The configuration, the served file and the logs; removed by ``stop()``.
    let directory: String

    static func start() throws -> Nginx {
        guard let binary = SandboxLoad.which("nginx") else { throw BenchError("nginx not installed") }
        let directory = NSTemporaryDirectory() + "purse-bench-nginx-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory + "/logs", withIntermediateDirectories: true)
        try Data("{\"datetime\":\"2026-11-29T16:00:00Z\"}".utf8).write(
            to: URL(fileURLWithPath: directory + "/static.txt"))
        let port = 18_000 + Int(getpid() % 2000)
        let config = """
            worker_processes 2; daemon off; pid \(directory)/nginx.pid;
            error_log \(directory)/logs/error.log;
            events { worker_connections 1024; }
            http { access_log off; server { listen 127.0.0.1:\(port); root \(directory); } }
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/nginx.conf"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", directory, "-c", directory + "/nginx.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        guard process.isRunning else { throw BenchError("nginx did not start (see \(directory)/logs)") }
        let nginx = Nginx(port: port, process: process, directory: directory)
        let hasProc = FileManager.default.fileExists(atPath: "/proc/self/stat")
        for _ in 0..<20 where hasProc && nginx.processIdentifiers().count < 3 { usleep(100_000) }
        guard !hasProc || nginx.processIdentifiers().count == 3 else {
            nginx.stop()
            throw BenchError("nginx did not start its two workers")
        }
        return nginx
    }

    /// The master process and its workers (found in `/proc` by their parent; only the master elsewhere).
    func processIdentifiers() -> [Int32] {
        let master = process.processIdentifier
        var pids = [master]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), pid != master, let fields = SandboxLoad.statFields(pid), fields.count > 1,
                Int32(fields[1]) == master
            else { continue }
            pids.append(pid)
        }
        return pids
    }

    /// Asks the master to stop (it stops its workers), kills what is left after two seconds, and removes the
    /// temporary folder.
    func stop() {
        let pids = processIdentifiers()
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<40 where process.isRunning { usleep(50_000) }
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
