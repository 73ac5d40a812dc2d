import Foundation
import Testing

@testable import PurseSandbox

/// The router's short cuts for the server's hot path give exactly what the general code gives.
@Suite("Router fast paths agree with the general code")
struct RouterFastPathTests {
    @Test("every fixed path is the endpoint its segments match")
    func fixedPathsMatchTheirSegments() {
        #expect(SandboxEndpoint.fixedPaths.count == 9)
        for (path, endpoint) in SandboxEndpoint.fixedPaths {
            let segments = path.split(separator: "/").map(String.init)
            #expect(SandboxEndpoint.match(segments) == endpoint, "\(path)")
        }
    }

    @Test("allows(_:) says what methods holds, for every endpoint and method")
    func allowsAgreesWithMethods() {
        let endpoints: [SandboxEndpoint] = [
            .oauthToken, .createClientSession, .getClientSession(id: "cs"), .gatewayInit(session: "s"),
            .gatewayValidate(session: "s"), .gatewayInitXPay(session: "s"), .datetime,
            .walletTokens(owner: "o", walletSession: "w"), .walletToken(owner: "o", walletSession: "w", token: "t"),
            .walletFavorite(owner: "o", walletSession: "w", token: "t"), .binLookup(tenant: "t"),
            .secureFields(tenant: "t"), .logs, .page(kind: "psp", payment: "p"),
            .pageDecision(kind: "3ds", payment: "p"), .catalogue, .stats, .reset, .faults, .script,
        ]
        for endpoint in endpoints {
            for method in ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "get", ""] {
                #expect(endpoint.allows(method) == endpoint.methods.contains(method), "\(endpoint) \(method)")
            }
        }
    }

    @Test("a fixed path written another way reaches the same endpoint, and a wrong method is still 405")
    func spellingsOfAFixedPath() async throws {
        let sandbox = try PurseSandbox()
        for target in [
            "/clock/datetime", "//clock/datetime", "/clock/datetime/", "/clock/%64atetime", "/clock/datetime?x=1",
        ] {
            let response = await sandbox.handle(SandboxRequest(method: "GET", target: target))
            #expect(response.status == 200, "\(target)")
        }
        let wrong = await sandbox.handle(SandboxRequest(method: "POST", target: "/clock/datetime"))
        #expect(wrong.status == 405)
        #expect(wrong.bodyText.contains("use GET"))
        #expect(await sandbox.handle(SandboxRequest(method: "GET", target: "/clock/datetimes")).status == 404)
    }

    @Test(
        "the clock's answer is the JSON writer's bytes for the same instant",
        arguments: [0.0, 1_795_968_000.0, 1_795_968_000.592, 951_782_400.999, 253_402_300_799.999])
    func datetimeBytes(seconds: Double) throws {
        let instant = Date(timeIntervalSince1970: seconds)
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(now: { instant }))
        let expected = SandboxJSON.object([
            "utc": .int(SandboxTime.epochMilliseconds(instant)), "iso": .string(SandboxTime.iso8601(instant)),
        ])
        let response = sandbox.datetime()
        #expect(response.body == expected.data)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test(
        "ISO 8601 digit by digit gives what the padded fields gave",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"), (951_782_400.999, "2000-02-29T00:00:00.999Z"),
            (1_795_968_000.05, "2026-11-29T16:00:00.050Z"), (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
            (-1.0, "1969-12-31T23:59:59.000Z"), (253_402_300_800.0, "10000-01-01T00:00:00.000Z"),
        ])
    func iso8601(seconds: Double, text: String) {
        #expect(SandboxTime.iso8601(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("header fields: found whatever their case, repeated ones joined, the dictionary view lower-cased")
    func headerFields() {
        #expect(SandboxEncoding.lowercasedName("x-api-key") == "x-api-key")
        #expect(SandboxEncoding.lowercasedName("X-Api-KEY") == "x-api-key")
        #expect(SandboxEncoding.namesEqual("Content-Type", "content-TYPE"))
        #expect(!SandboxEncoding.namesEqual("Content-Type", "Content-Typo"))
        let request = SandboxRequest(method: "post", path: "/", headers: ["Content-Type": "a", "x-b": "b"])
        #expect(request.method == "POST")
        #expect(request.headers == ["content-type": "a", "x-b": "b"])
        #expect(request.header("CONTENT-TYPE") == "a")
        #expect(request.header("X-B") == "b")
        #expect(request.header("x-c") == nil)
        var received = SandboxRequest(
            method: "GET", target: "/sandbox/stats?a=1",
            fields: [("Host", "h"), ("Accept", "text/html"), ("accept", "application/json")])
        #expect(received.path == "/sandbox/stats")
        #expect(received.query == ["a": "1"])
        #expect(received.header("accept") == "text/html, application/json")
        #expect(received.headers == ["host": "h", "accept": "text/html, application/json"])
        received.setHeader("ACCEPT", nil)
        received.setHeader("X-Sandbox-Fault", "status=500")
        #expect(received.headers == ["host": "h", "x-sandbox-fault": "status=500"])
        #expect(
            received
                == SandboxRequest(
                    method: "GET", path: "/sandbox/stats", query: ["a": "1"],
                    headers: ["X-SANDBOX-FAULT": "status=500", "Host": "h"]))
        let response = SandboxResponse(status: 200, headers: ["Location": "/x"])
        #expect(response.headers == ["location": "/x"])
    }

    @Test("percent-decoding leaves plain text as it is and still refuses broken escapes")
    func percentDecoding() {
        #expect(SandboxEncoding.percentDecode("abc-._~", plusIsSpace: true) == "abc-._~")
        #expect(SandboxEncoding.percentDecode("a+b", plusIsSpace: true) == "a b")
        #expect(SandboxEncoding.percentDecode("a+b", plusIsSpace: false) == "a+b")
        #expect(SandboxEncoding.percentDecode("%C3%A9", plusIsSpace: false) == "é")
        #expect(SandboxEncoding.percentDecode("%zz", plusIsSpace: false) == nil)
        #expect(SandboxEncoding.percentDecode("%C3", plusIsSpace: false) == nil)
    }

    @Test("JSON strings with nothing to escape are copied whole; the others are still escaped")
    func jsonStrings() {
        #expect(SandboxJSON.string("plain text 123").text == #""plain text 123""#)
        #expect(SandboxJSON.string("é😀").text == "\"é😀\"")
        #expect(SandboxJSON.string("a\"b\\c\n<&>").text == #""a\"b\\c\n\u003c\u0026\u003e""#)
        #expect(SandboxJSON.string("line\u{2028}sep\u{2029}").text == #""line\u2028sep\u2029""#)
        #expect(SandboxJSON.string("\u{2014}").text == "\"\u{2014}\"")
    }
}
