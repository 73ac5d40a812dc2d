import Foundation
import PurseSandbox
import PurseSandboxServer
import Testing

/// The sandbox behind the SwiftNIO server: what the server's framing and the sandbox's own request reading
/// decide together, byte for byte as a client sends it.
@Suite("The sandbox over HTTP")
struct SandboxOverHTTPTests {
    private func withSandbox(_ body: (UInt16) throws -> Void) throws {
        let server = SandboxServer(sandbox: try PurseSandbox())
        try server.start()
        defer { server.stop() }
        try body(try #require(server.port))
    }

    @Test("a path is percent-decoded once: %25 stays a percent sign, an encoded slash stays in its segment")
    func pathsAreDecodedOnce() throws {
        try withSandbox { port in
            let client = try RawClient(port: port)
            for (target, status) in [
                ("/clock/datetime", 200), ("/clock/%64atetime", 200), ("/clock/%2564atetime", 404),
                ("/clock%2Fdatetime", 404), ("/clock/datetime?x=%2F", 200),
            ] {
                try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
                #expect(try client.readResponse().status == status, "\(target)")
            }
        }
    }

    @Test("the clock answers JSON with a length and a date, kept alive, pipelined answers in order")
    func clockAnswers() throws {
        try withSandbox { port in
            let client = try RawClient(port: port)
            try client.send(
                "GET /clock/datetime HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\nPOST /clock/datetime HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "Content-Length: 0\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let clock = try client.readResponse()
            #expect(clock.status == 200)
            #expect(clock.header("content-type") == "application/json; charset=utf-8")
            #expect(clock.header("content-length") == String(clock.body.count))
            #expect(clock.header("date")?.hasSuffix(" GMT") == true)
            #expect(clock.header("connection") == nil)
            let body = String(decoding: clock.body, as: UTF8.self)
            #expect(body.hasPrefix(#"{"iso":""#) && body.contains(#"","utc":"#) && body.hasSuffix("}"))
            #expect(try client.readResponse().status == 405)
            #expect(try client.readResponse().status == 404)
        }
    }

    @Test("one /validate whose amounts overflow a sum: 400 INVALID_AMOUNT, and the server keeps serving")
    func overflowingAmountsOverHTTP() throws {
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let session = try sandbox.createClientSession(
            SandboxClientSessionRequest(
                amount: 4299, currency: "EUR", shopperRedirectionURL: "https://shop.example.com/return"))
        let item =
            #"{"partner":"payzen","method":"creditcard","amount":9223372036854775807,"#
            + #""payment_data":{"vault_form_token":"ft_x"}}"#
        let body = "[\(item),\(item)]"
        let client = try RawClient(port: port)
        try client.send(
            "POST /gateway/sessions/\(session.id)/validate HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "x-api-key: \(SandboxCatalogue.standard.entity.apiKey)\r\nIdempotency-Key: k-1\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let refused = try client.readResponse()
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains(#""code":"INVALID_AMOUNT""#))
        let next = try RawClient(port: port)
        try next.send("GET /clock/datetime HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(try next.readResponse().status == 200)
    }
}

/// The admin routes against cross-site and rebound requests.
@Suite("The sandbox's admin routes against other sites")
struct SandboxAdminOriginTests {
    @Test(
        "a POST /sandbox/faults without Content-Type: application/json installs nothing (415)",
        arguments: [
            "", "Content-Type: text/plain\r\n", "Content-Type: application/x-www-form-urlencoded\r\n",
            "Content-Type: multipart/form-data; boundary=x\r\n",
        ])
    func faultsNeedJSON(contentType: String) throws {
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let body = #"{"route":"validate","status":503}"#
        let client = try RawClient(port: port)
        try client.send(
            "POST /sandbox/faults HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: https://evil.example\r\n"
                + "\(contentType)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let response = try client.readResponse()
        #expect(response.status == 415)
        #expect(sandbox.faults.fault(on: .gatewayValidate) == nil)
        try client.send(
            "POST /sandbox/reset HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(contentType)Content-Length: 0\r\n\r\n")
        #expect(try client.readResponse().status == 415)
    }

    @Test("with Content-Type: application/json the fault is installed (204)")
    func faultsWithJSON() throws {
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let body = #"{"route":"validate","status":503}"#
        let client = try RawClient(port: port)
        try client.send(
            "POST /sandbox/faults HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(try client.readResponse().status == 204)
        #expect(sandbox.faults.fault(on: .gatewayValidate)?.status == 503)
    }

    @Test(
        "a Host other than the bound address is refused with 421, on every route",
        arguments: [
            "evil.example", "evil.example:PORT", "localhost:PORT", "127.0.0.2:PORT", "127.0.0.1:1", "127.0.0",
        ])
    func foreignHost(host: String) throws {
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let named = host.replacingOccurrences(of: "PORT", with: String(port))
        let client = try RawClient(port: port)
        try client.send("GET /sandbox/catalogue HTTP/1.1\r\nHost: \(named)\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 421)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("4970"))
        try client.send("GET /sandbox/catalogue HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }
}
