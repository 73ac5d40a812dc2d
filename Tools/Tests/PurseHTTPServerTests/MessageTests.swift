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
