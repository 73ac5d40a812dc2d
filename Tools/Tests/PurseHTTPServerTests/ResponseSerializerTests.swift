import NIOCore
import NIOHTTP1
import Testing

@testable import PurseHTTPServer

struct ResponseSerializerTests {
    /// The wire bytes of `response`, as the server writes them.
    private func serialize(
        _ response: HTTPServerResponse, isHead: Bool = false, close: Bool = false, version: HTTPVersion = .http1_1
    ) -> String {
        var buffer = ByteBuffer()
        ResponseSerializer.write(
            response, requestVersion: version, close: close, date: "DATE", isHead: isHead, into: &buffer)
        return String(buffer: buffer)
    }

    @Test func writesStatusHeadersLengthDateAndBody() {
        let text = serialize(.json(status: 201, #"{"a":1}"#))
        #expect(
            text.lowercased()
                == ("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 7\r\nDate: DATE\r\n\r\n"
                + #"{"a":1}"#).lowercased())
    }

    @Test func headRequestGetsTheLengthButNoBody() {
        let text = serialize(.text("hello"), isHead: true)
        #expect(text.contains("Content-Length: 5\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func closingAndHTTP10KeepAliveAreAnnounced() {
        #expect(serialize(.text("x"), close: true).contains("Connection: close\r\n"))
        #expect(serialize(.text("x"), version: .http1_0).contains("Connection: keep-alive\r\n"))
        #expect(serialize(.text("x"), version: .http1_0).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(!serialize(.text("x")).contains("Connection"))
    }

    @Test func frameHeadersFromTheHandlerAreReplacedAndInjectionIsDropped() {
        var response = HTTPServerResponse.redirect(status: 303, location: "/ok")
        response.headers.add(name: "Content-Length", value: "999")
        response.headers.add(name: "Transfer-Encoding", value: "chunked")
        response.headers.add(name: "X-Evil", value: "a\r\nSet-Cookie: stolen=1")
        response.headers.add(name: "Bad Name", value: "x")
        let text = serialize(response)
        #expect(text.contains("Location: /ok\r\n"))
        #expect(text.contains("Content-Length: 0\r\n"))
        #expect(!text.contains("999"))
        #expect(!text.contains("chunked"))
        #expect(!text.contains("stolen"))
        #expect(!text.contains("Bad Name"))
    }

    @Test func aDateSetByTheHandlerIsKeptAndNotRepeated() {
        let text = serialize(HTTPServerResponse(headers: ["Date": "Sun, 06 Nov 1994 08:49:37 GMT"], body: [1, 2]))
        #expect(text.contains("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"))
        #expect(!text.contains("DATE"))
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("Content-Length: 2\r\n\r\n\u{1}\u{2}"))
    }

    @Test func bodiesOfAnySizeAndEveryStatusAreWrittenWhole() {
        for status in [200, 201, 302, 404, 418, 503, 599] {
            let body = (0..<(status * 37)).map { UInt8(truncatingIfNeeded: $0) }
            var response = HTTPServerResponse(status: status, body: body)
            response.headers.add(name: "X-Long", value: String(repeating: "v", count: status))
            var buffer = ByteBuffer()
            ResponseSerializer.write(
                response, requestVersion: .http1_0, close: false, date: "D", isHead: false, into: &buffer)
            let bytes = Array(buffer.readableBytesView)
            let head =
                "HTTP/1.1 \(status) \(ResponseSerializer.reasonPhrase(status))\r\nX-Long: "
                + String(repeating: "v", count: status) + "\r\nContent-Length: \(body.count)\r\nDate: D\r\n"
                + "Connection: keep-alive\r\n\r\n"
            #expect(bytes == Array(head.utf8) + body, "\(status)")
        }
    }

    @Test(arguments: [204, 304])
    func noContentAnswersHaveNoLengthAndNoBody(status: Int) {
        let text = serialize(HTTPServerResponse(status: status, body: Array("ignored".utf8)))
        #expect(!text.contains("Content-Length"))
        #expect(!text.contains("ignored"))
    }

    @Test(arguments: [0, 100, 101, 199, 600, -1])
    func outOfRangeStatusIsSentAs500(status: Int) {
        #expect(serialize(HTTPServerResponse(status: status)).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }

    @Test func errorBodiesAreEscapedJSON() {
        let response = ResponseSerializer.errorResponse(
            HTTPRefusal(status: 400, code: "BAD_REQUEST", message: "a \"quoted\" \\ line\nbreak\u{1}"))
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"code":"BAD_REQUEST","message":"a \"quoted\" \\ line\nbreak\u0001"}"#)
    }

    @Test func wantsCloseReadsTheConnectionTokens() {
        #expect(ResponseSerializer.wantsClose(HTTPServerResponse(headers: ["Connection": "Keep-Alive, Close"])))
        #expect(!ResponseSerializer.wantsClose(HTTPServerResponse(headers: ["Connection": "keep-alive"])))
        #expect(!ResponseSerializer.wantsClose(HTTPServerResponse()))
    }

    @Test func dateIsAnIMFFixdate() {
        var cache = HTTPDateCache()
        let date = cache.current()
        #expect(date.count == 29)
        #expect(date.hasSuffix(" GMT"))
        #expect(date.dropFirst(3).hasPrefix(", "))
    }

    @Test(arguments: [
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's example
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
    ])
    func dateFormatsKnownInstants(seconds: Int, expected: String) {
        #expect(HTTPDateCache.format(secondsSince1970: seconds) == expected)
    }
}
