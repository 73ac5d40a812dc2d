import Foundation
import PurseHeadlessCheckout

/// Peak memory of one `SessionDecoder.decode(widgetData:)`, measured in a child process of its own (this binary with
/// `--decode-memory FILE`), so that nothing the bench did before (sandboxes, earlier decodes, the enlarged fixture)
/// is counted or hands its freed pages to the decode.
///
/// The child reads the widget data from FILE, resets the kernel's peak-RSS mark (`5` into `/proc/self/clear_refs`,
/// Linux 4.0 and later), decodes once, and reports its resident set before, its peak during and its resident set
/// after (`VmRSS`, `VmHWM` of `/proc/self/status`). Peak memory is then the peak less the resident set before: what
/// the decode itself touched at its high point (widget bytes, the JSON tree, the session), in whole pages.
enum DecodeMemory {
    struct Measure {
        /// Highest resident set during the decode, less the resident set before it.
        var peakBytes: Int
        /// Resident set after the decode, less before: roughly the decoded session, kept alive until measured.
        var retainedBytes: Int
    }

    /// Runs the child on `widgetData`; `nil` when the platform has no `/proc` (then the row says so).
    static func measure(widgetData: String) throws -> Measure? {
        guard FileManager.default.isReadableFile(atPath: "/proc/self/status"),
            let executable = Bundle.main.executableURL
        else { return nil }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("purse-bench-widget-\(ProcessInfo.processInfo.processIdentifier).txt")
        try Data(widgetData.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let child = Process()
        child.executableURL = executable
        child.arguments = ["--decode-memory", file.path]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard child.terminationStatus == 0, numbers.count == 3 else {
            throw BenchError("--decode-memory: exit \(child.terminationStatus), printed \(text)")
        }
        return Measure(peakBytes: (numbers[1] - numbers[0]) * 1024, retainedBytes: (numbers[2] - numbers[0]) * 1024)
    }

    /// The child: prints `RSS-before HWM-during RSS-after`, in kB.
    @MainActor
    static func runChild(path: String) -> Int32 {
        do {
            let widget = try String(contentsOfFile: path, encoding: .utf8)
            try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
            let before = try status()
            // The reset worked when the peak mark now sits at the resident set (give a page of slack).
            guard before.hwm <= before.rss + 4 else { throw BenchError("could not reset the peak-RSS mark") }
            let session = try SessionDecoder.decode(widgetData: widget)
            let after = try status()
            withExtendedLifetime(session) {
                print("\(before.rss) \(after.hwm) \(after.rss)")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("purse-bench --decode-memory: \(error)\n".utf8))
            return 1
        }
    }

    /// `VmRSS` and `VmHWM` of this process, in kB.
    static func status() throws -> (rss: Int, hwm: Int) {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        func field(_ name: String) -> Int? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
        }
        guard let rss = field("VmRSS"), let hwm = field("VmHWM") else { throw BenchError("no VmRSS/VmHWM") }
        return (rss, hwm)
    }
}
