import Foundation
import PurseHTTPServer
import TestProcess
import Testing

struct HTTPServerLifecycleTests {
    @Test(arguments: [
        "0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "example.com", "::ffff:127.0.0.1", "", "127.0.0.1.nip.io",
    ])
    func nonLoopbackHostIsRefused(host: String) {
        let server = HTTPServer(configuration: .init(host: host)) { _ in .text("never") }
        #expect {
            try server.start()
        } throws: { error in
            (error as? HTTPServerError)?.code == .nonLoopbackHost
        }
        #expect(server.port == nil)
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.2", "localhost", "LOCALHOST", "::1", "[::1]"])
    func loopbackHostIsAccepted(host: String) throws {
        let server = HTTPServer(configuration: .init(host: host)) { _ in .text("ok") }
        let port = try server.start()
        #expect(port != 0)
        #expect(server.port == port)
        server.stop()
    }

    @Test func stopClosesTheListenerAndIsIdempotent() async throws {
        let server = HTTPServer { _ in .text("ok") }
        let port = try server.start()
        let before = try await onThread {
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            return try client.readResponse().status
        }
        #expect(before == 200)
        server.stop()
        server.stop()
        #expect(server.port == nil)
        let connectError = try await onThread { () -> String? in
            do {
                _ = try RawClient(port: port)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(connectError?.contains("connect failed") == true)
    }

    @Test func stopClosesOpenConnections() async throws {
        let server = HTTPServer { _ in .text("ok") }
        let port = try server.start()
        let closed = try await onThread {
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            _ = try client.readResponse()
            server.stop()
            return try client.isClosedByServer()
        }
        #expect(closed)
    }

    /// A stop lets the answers under way go out: the loopback presenter's return page wakes the payment, which
    /// stops the listener while the page's own answer is still on its way.
    @Test func stopWhileAHandlerRunsStillSendsItsAnswer() async throws {
        let gate = AsyncGate()
        let entered = AsyncGate()
        // A grace far longer than a loaded machine (a sanitizer build) needs to resume the handler.
        let server = HTTPServer(configuration: .init(stopGrace: .seconds(60))) { _ in
            entered.open()
            await gate.wait()
            return .text("answered after the stop")
        }
        let port = try server.start()
        async let outcome = onThread {
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            let response = try client.readResponse()
            return (response.status, response.text, try client.isClosedByServer())
        }
        await entered.wait()
        server.stop()
        gate.open()
        let (status, text, closed) = try await outcome
        #expect(status == 200)
        #expect(text == "answered after the stop")
        #expect(closed)
        // And nothing new is accepted once stopped.
        #expect(throws: (any Error).self) {
            try RawClient(port: port, timeoutSeconds: 2).send("GET / HTTP/1.1\r\n\r\n")
        }
    }

    /// `stopAndWait()` returns only once the answer under way has been written and the loop has ended: what a
    /// process about to exit needs (the `purse checkout` return page).
    @Test func stopAndWaitReturnsAfterTheAnswerUnderWayWentOut() async throws {
        let gate = AsyncGate()
        let entered = AsyncGate()
        let server = HTTPServer(configuration: .init(stopGrace: .seconds(60))) { _ in
            entered.open()
            await gate.wait()
            return .text("the return page")
        }
        let port = try server.start()
        async let response = onThread {
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            return try client.readResponse()
        }
        await entered.wait()
        async let stopped: Void = onThread { server.stopAndWait(timeout: .seconds(60)) }
        gate.open()
        try await stopped
        #expect(server.port == nil)
        let answer = try await response
        #expect(answer.status == 200)
        #expect(answer.text == "the return page")
    }

    /// A handler that is still running when the grace period ends loses its connection: a stop never hangs.
    @Test func stopClosesAHandlerThatOutlivesTheGracePeriod() async throws {
        let gate = AsyncGate()
        let entered = AsyncGate()
        let server = HTTPServer(configuration: .init(stopGrace: .milliseconds(200))) { _ in
            entered.open()
            await gate.wait()
            return .text("too late")
        }
        let port = try server.start()
        async let closed = onThread {
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            return try client.isClosedByServer()
        }
        await entered.wait()
        server.stop()
        #expect(try await closed)
        gate.open()
    }

    @Test func startingTwiceOrAfterStopIsRefused() throws {
        let server = HTTPServer { _ in .text("ok") }
        try server.start()
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.stop()
        do {
            try server.start()
            Issue.record("a stopped server started again")
        } catch {
            #expect(error.code == .alreadyStarted)
        }
    }

    @Test func portInUseIsABindError() throws {
        let first = HTTPServer { _ in .text("first") }
        let port = try first.start()
        defer { first.stop() }
        let second = HTTPServer(configuration: .init(port: port)) { _ in .text("second") }
        do {
            try second.start()
            Issue.record("two servers bound the same port")
        } catch {
            #expect(error.code == .bindFailed)
            #expect(error.errorNumber == EADDRINUSE)
            #expect(error.message.contains("\(port)"))
        }
    }

    @Test(arguments: [
        HTTPServer.Configuration(maxHeaderBytes: 10),
        HTTPServer.Configuration(maxBodyBytes: -1),
        HTTPServer.Configuration(readTimeout: .zero),
        HTTPServer.Configuration(idleTimeout: .milliseconds(-5)),
        HTTPServer.Configuration(maxConnections: 0),
    ])
    func invalidConfigurationIsRefused(configuration: HTTPServer.Configuration) {
        let server = HTTPServer(configuration: configuration) { _ in .text("never") }
        #expect {
            try server.start()
        } throws: { error in
            (error as? HTTPServerError)?.code == .invalidConfiguration
        }
    }

    @Test func releasingTheServerStopsIt() async throws {
        var server: HTTPServer? = HTTPServer { _ in .text("ok") }
        let port = try #require(try server?.start())
        server = nil
        let refused = try await onThread { () -> Bool in
            (try? RawClient(port: port)) == nil
        }
        #expect(refused)
    }
}
