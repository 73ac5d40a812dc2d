import Foundation
import PurseHeadlessCheckout
import TestProcess
import Testing

/// `purse sandbox` logs one line per request on stderr (method, path, status, milliseconds; never a query or a
/// body), as JSON with `--json`, and nothing with `--quiet`.
@Suite("purse sandbox: the request log", .serialized)
struct SandboxRequestLogTests {
    /// Runs a sandbox (`--json`, `--quiet` as asked), sends the same four requests, stops it, and returns what it
    /// wrote on stderr.
    private func log(json: Bool, quiet: Bool = false) async throws -> String {
        let url = try #require(PurseBinary.url)
        let process = ChildProcess()
        process.executableURL = url
        process.arguments = ["sandbox", "--port", "0"] + (json ? ["--json"] : []) + (quiet ? ["--quiet"] : [])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let reader = out.fileHandleForReading
        let line = try #require(try await onThread { PurseCommandTests.readLine(reader) })
        let base =
            json
            ? try #require(try JSONValue.parse(line)["base_url"]?.stringValue)
            : String(line.dropFirst("Purse sandbox listening on ".count))
        #expect(base.hasPrefix("http://127.0.0.1:"), "\(line)")

        let transport = URLSessionTransport()
        // A query and a body that look like card data: neither may reach the log.
        let clock = try await transport.send(
            HTTPRequest(method: "GET", url: try #require(URL(string: base + "/clock/datetime?pan=4111111111111111"))))
        #expect(clock.status == 200)
        let refused = try await transport.send(
            HTTPRequest(
                method: "POST", url: try #require(URL(string: base + "/payment/v2/client-sessions")),
                headers: ["Content-Type": "application/json"], body: Data(#"{"pan":"4000000000003220"}"#.utf8)))
        #expect(refused.status == 401)
        let xml = try await transport.send(
            HTTPRequest(
                method: "POST", url: try #require(URL(string: base + "/sandbox/faults")),
                headers: ["Content-Type": "application/xml"], body: Data("<fault/>".utf8)))
        #expect(xml.status == 415)
        let missing = try await transport.send(
            HTTPRequest(method: "GET", url: try #require(URL(string: base + "/no/such%20route%0A"))))
        #expect(missing.status == 404)

        kill(process.processIdentifier, SIGINT)
        await process.exited()
        #expect(process.terminationStatus == 0)
        let errors = err.fileHandleForReading
        return try await onThread { String(decoding: errors.readDataToEndOfFile(), as: UTF8.self) }
    }

    /// What no log line may hold.
    private func expectNoSecrets(_ log: String) {
        for secret in ["4111111111111111", "4000000000003220", "pan=", "?", "<fault", "\u{1B}"] {
            #expect(!log.contains(secret), "the log holds \(secret.debugDescription): \(log)")
        }
    }

    @Test("one text line per request: METHOD PATH STATUS MSms, on stderr, in the order served")
    func textLines() async throws {
        let log = try await self.log(json: false)
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(log)")
        let expected = [
            ("GET", "/clock/datetime", "200"), ("POST", "/payment/v2/client-sessions", "401"),
            ("POST", "/sandbox/faults", "415"), ("GET", "/no/such%20route%0A", "404"),
        ]
        for (line, (method, path, status)) in zip(lines, expected) {
            let fields = line.split(separator: " ").map(String.init)
            #expect(fields.count == 4, "\(line)")
            guard fields.count == 4 else { continue }
            #expect(fields[0] == method)
            #expect(fields[1] == path)
            #expect(fields[2] == status)
            #expect(fields[3].hasSuffix("ms") && Int(fields[3].dropLast(2)) != nil, "\(line)")
        }
        expectNoSecrets(log)
    }

    @Test("with --json, each line is a JSON object with method, path, status and ms")
    func jsonLines() async throws {
        let log = try await self.log(json: true)
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(log)")
        let entries = try lines.map { try JSONValue.parse($0) }
        #expect(entries.map { $0["method"]?.stringValue } == ["GET", "POST", "POST", "GET"])
        #expect(
            entries.map { $0["path"]?.stringValue }
                == ["/clock/datetime", "/payment/v2/client-sessions", "/sandbox/faults", "/no/such%20route%0A"])
        #expect(entries.map { $0["status"]?.int64Value } == [200, 401, 415, 404])
        #expect(entries.allSatisfy { ($0["ms"]?.int64Value ?? -1) >= 0 })
        expectNoSecrets(log)
    }

    @Test("--quiet logs nothing; the sandbox still answers")
    func quiet() async throws {
        let log = try await self.log(json: false, quiet: true)
        #expect(log.isEmpty, "\(log)")
    }
}
