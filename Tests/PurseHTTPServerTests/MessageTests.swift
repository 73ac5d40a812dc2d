import Testing

@testable import PurseHTTPServer

struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndKeepsOrder() {
        var headers: HTTPHeaders = ["Content-Type": "text/html", "Set-Cookie": "a=1"]
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["missing"] == nil)
        #expect(headers.contains("Set-cookie"))
        #expect(headers.count == 3)
    }

    @Test func setReplacesEveryFieldOfThatName() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers.set(name: "a", value: "9")
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers["A"] == "9")
        headers.set(name: "C", value: "new")
        #expect(headers["c"] == "new")
        headers.remove(name: "b")
        #expect(!headers.contains("B"))
    }

    @Test func descriptionMasksCredentials() {
        let headers: HTTPHeaders = ["Authorization": "Bearer secret", "x-api-key": "key-123", "Accept": "*/*"]
        #expect(!headers.description.contains("secret"))
        #expect(!headers.description.contains("key-123"))
        #expect(headers.description.contains("*/*"))
    }
}

struct HTTPServerRequestTests {
    struct TargetExample: Sendable {
        let target: String
        let path: String
        let query: [String]
    }

    static let targets: [TargetExample] = [
        .init(target: "/", path: "/", query: []),
        .init(target: "/a%20b/c%2Fd", path: "/a b/c/d", query: []),
        .init(target: "/p?x=1&y=a+b&z=%C3%A9&flag&=v&&", path: "/p", query: ["x=1", "y=a b", "z=é", "flag=", "=v"]),
        .init(target: "/bad%zzescape%", path: "/bad%zzescape%", query: []),
        .init(target: "/frag?a=1#section", path: "/frag", query: ["a=1"]),
        .init(target: "http://127.0.0.1:9/abs?q=2", path: "/abs", query: ["q=2"]),
        .init(target: "https://localhost", path: "/", query: []),
        .init(target: "*", path: "*", query: []),
        .init(target: "/%FF", path: "/\u{FFFD}", query: []),
    ]

    @Test("path and query are decoded from the target", arguments: targets)
    func decodesTarget(_ example: TargetExample) {
        let request = HTTPServerRequest(method: "GET", target: example.target)
        #expect(request.path == example.path)
        #expect(request.query.map { "\($0.name)=\($0.value)" } == example.query)
    }

    @Test func queryValueReturnsTheFirstMatch() {
        let request = HTTPServerRequest(method: "GET", target: "/r?code=1&code=2&state=s%26t")
        #expect(request.queryValue("code") == "1")
        #expect(request.queryValue("state") == "s&t")
        #expect(request.queryValue("missing") == nil)
    }

    @Test func descriptionLeavesOutBodyAndQuery() {
        let request = HTTPServerRequest(
            method: "POST", target: "/vault?pan=4111111111111111", body: Array(#"{"pan":"4111111111111111"}"#.utf8))
        #expect(!request.description.contains("4111"))
        #expect(request.description.contains("POST /vault"))
    }
}

struct ResponseSerializerTests {
    private func serialize(
        _ response: HTTPServerResponse, framing: ResponseSerializer.Framing = .init()
    ) -> String {
        var bytes: [UInt8] = []
        ResponseSerializer.append(response, framing: framing, date: Array("DATE".utf8), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesStatusHeadersLengthDateAndBody() {
        let text = serialize(.json(status: 201, #"{"a":1}"#))
        #expect(
            text == "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 7\r\nDate: DATE\r\n\r\n"
                + #"{"a":1}"#)
    }

    @Test func headRequestGetsTheLengthButNoBody() {
        let text = serialize(.text("hello"), framing: .init(isHeadRequest: true))
        #expect(text.contains("Content-Length: 5\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func closingAndHTTP10KeepAliveAreAnnounced() {
        #expect(serialize(.text("x"), framing: .init(close: true)).contains("Connection: close\r\n"))
        #expect(serialize(.text("x"), framing: .init(keepAliveHeader: true)).contains("Connection: keep-alive\r\n"))
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
            HTTPParseError(status: 400, code: "BAD_REQUEST", message: "a \"quoted\" \\ line\nbreak\u{1}"))
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
        let date = String(decoding: cache.current(), as: UTF8.self)
        #expect(date.count == 29)
        #expect(date.hasSuffix(" GMT"))
        #expect(date.dropFirst(3).hasPrefix(", "))
    }
}
