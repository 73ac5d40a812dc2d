import Foundation
import PurseHeadlessCheckout
import TestProcess

/// A chromedriver process on 127.0.0.1, started for one test and stopped with it.
@MainActor
final class ChromeDriver {
    private let process: ChildProcess
    /// Drains chromedriver's output for as long as it runs.
    private let output: PipeReader
    /// `http://127.0.0.1:<port>`.
    let base: URL

    private init(process: ChildProcess, output: PipeReader, base: URL) {
        self.process = process
        self.output = output
        self.base = base
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts chromedriver on a free port (`--port=0`; it prints the port it chose).
    ///
    /// Under a sanitizer on a loaded two-core machine, chromedriver now and then closed its output after its first
    /// line, before listening: such a start is tried again, three times at most, and the last failure (with the
    /// process's exit status) is what the test sees.
    static func start() async throws -> ChromeDriver {
        var failure: any Error = StartError(description: "chromedriver was not started")
        for _ in 0..<3 {
            do {
                return try await startOnce()
            } catch let error as StartError {
                failure = error
            }
        }
        throw failure
    }

    private static func startOnce() async throws -> ChromeDriver {
        guard let executable = BrowserEnvironment.chromedriver else { throw StartError(description: "no chromedriver") }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = PipeReader(output.fileHandleForReading)
        let chunks = reader.chunks
        let port = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                var text = ""
                for await chunk in chunks {
                    text += chunk
                    if let range = text.range(of: "started successfully on port ") {
                        let digits = text[range.upperBound...].prefix { $0.isNumber }
                        if let port = Int(digits), text[range.upperBound...].dropFirst(digits.count).first == "." {
                            return port
                        }
                    }
                }
                let state = process.isRunning ? "still running" : "exit status \(process.terminationStatus)"
                throw StartError(description: "chromedriver closed its output before listening (\(state)): \(text)")
            }
            group.addTask {
                // A real process: bounded.
                try await Task.sleep(for: .seconds(30))
                throw StartError(description: "chromedriver did not start within 30 s")
            }
            defer { group.cancelAll() }
            do {
                guard let port = try await group.next() else { throw StartError(description: "no port") }
                return port
            } catch {
                if process.isRunning { process.terminate() }
                reader.stop()
                throw error
            }
        }
        guard let base = URL(string: "http://127.0.0.1:\(port)") else {
            reader.stop()
            throw StartError(description: "bad port")
        }
        return ChromeDriver(process: process, output: reader, base: base)
    }

    /// A new headless Chromium session.
    func newSession() async throws -> WebDriverSession {
        let chromium = BrowserEnvironment.chromium ?? "chromium"
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(chromium),
                        "args": [
                            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--no-first-run", "--window-size=1024,768",
                        ],
                    ],
                ]
            ]
        ]
        let answer = try await WebDriverSession.call(base, "POST", "/session", capabilities)
        guard let id = answer["sessionId"]?.stringValue else {
            throw WebDriverError(command: "new session", message: answer.jsonText)
        }
        let session = WebDriverSession(base: base, id: id)
        // Let element look-ups wait for the page (a real browser loads asynchronously): bounded, server-side.
        _ = try await session.command("POST", "/timeouts", ["implicit": 15_000, "pageLoad": 30_000])
        return session
    }

    /// Stops chromedriver and every browser it started: its `/shutdown` command first, then `SIGKILL` (a process
    /// spawned from a Swift concurrency thread may inherit a signal mask that blocks `SIGTERM`).
    func stop() async {
        _ = try? await WebDriverSession.call(base, "GET", "/shutdown", nil)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        output.stop()
    }
}

/// What a WebDriver command answered with an error.
struct WebDriverError: Error, CustomStringConvertible {
    let command: String
    let message: String
    var description: String { "\(command): \(message)" }
}

/// One browser session, driven through the W3C WebDriver HTTP API.
struct WebDriverSession: Sendable {
    let base: URL
    let id: String

    /// Loads `url` and returns once the page has loaded.
    func navigate(to url: URL) async throws {
        _ = try await command("POST", "/url", ["url": .string(url.absoluteString)])
    }

    /// The page's URL.
    func currentURL() async throws -> String {
        try await command("GET", "/url", nil).stringValue ?? ""
    }

    /// The page's HTML.
    func pageSource() async throws -> String {
        try await command("GET", "/source", nil).stringValue ?? ""
    }

    /// The element matching a CSS selector, waiting (up to the implicit wait) for it to appear. A navigation
    /// under way (an auto-submitted form) can interrupt a look-up: it is retried a few times.
    func element(css selector: String) async throws -> String {
        var lastError: (any Error)?
        for _ in 0..<4 {
            do {
                let found = try await command(
                    "POST", "/element", ["using": "css selector", "value": .string(selector)])
                if let id = found.objectValue?.values.first?.stringValue { return id }
            } catch {
                lastError = error
            }
        }
        throw lastError ?? WebDriverError(command: "find \(selector)", message: "not found")
    }

    /// Clicks an element.
    func click(_ element: String) async throws {
        _ = try await command("POST", "/element/\(element)/click", [:])
    }

    /// An element's rendered text.
    func text(of element: String) async throws -> String {
        try await command("GET", "/element/\(element)/text", nil).stringValue ?? ""
    }

    /// Ends the session and closes the browser.
    func delete() async {
        _ = try? await Self.call(base, "DELETE", "/session/\(id)", nil)
    }

    func command(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        try await Self.call(base, method, "/session/\(id)" + path, body)
    }

    static func call(_ base: URL, _ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        let response: (status: Int, body: Data)
        do {
            response = try await WebDriverHTTP.send(
                port: base.port ?? 9515, method: method, path: path, body: body?.serialized())
        } catch {
            throw WebDriverError(command: "\(method) \(path)", message: "\(error)")
        }
        let answer = (try? JSONValue.parse(response.body)) ?? .null
        guard (200..<300).contains(response.status) else {
            throw WebDriverError(
                command: "\(method) \(path)",
                message: answer["value"]?["message"]?.stringValue ?? "HTTP \(response.status)")
        }
        return answer["value"] ?? .null
    }
}
