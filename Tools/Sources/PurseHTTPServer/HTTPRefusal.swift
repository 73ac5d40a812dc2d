/// Why the server refused a request; sent to the client as `{"code":…,"message":…}` with ``status``,
/// after which the connection is closed. (503 is written by ``OverCapacityHandler`` before any request.)
struct HTTPRefusal: Error, Sendable, Equatable {
    let status: Int
    let code: String
    let message: String

    static func badRequest(_ message: String) -> HTTPRefusal {
        HTTPRefusal(status: 400, code: "BAD_REQUEST", message: message)
    }

    static let timeout = HTTPRefusal(
        status: 408, code: "REQUEST_TIMEOUT", message: "The request was not received completely in time.")

    static func bodyTooLarge(limit: Int) -> HTTPRefusal {
        HTTPRefusal(
            status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body exceeds the limit of \(limit) bytes.")
    }

    static let expectationFailed = HTTPRefusal(
        status: 417, code: "EXPECTATION_FAILED", message: "Only the expectation 100-continue is supported.")

    static func headersTooLarge(limit: Int) -> HTTPRefusal {
        HTTPRefusal(
            status: 431, code: "REQUEST_HEADER_FIELDS_TOO_LARGE",
            message: "The request line and headers exceed the limit of \(limit) bytes.")
    }

    static let tooManyHeaders = HTTPRefusal(
        status: 431, code: "REQUEST_HEADER_FIELDS_TOO_LARGE", message: "The request has too many header fields.")

    static let unsupportedTransferCoding = HTTPRefusal(
        status: 501, code: "NOT_IMPLEMENTED", message: "Only the chunked transfer coding is supported.")

    static let serviceUnavailable = HTTPRefusal(
        status: 503, code: "SERVICE_UNAVAILABLE", message: "The server has too many open connections.")

    static let versionNotSupported = HTTPRefusal(
        status: 505, code: "HTTP_VERSION_NOT_SUPPORTED", message: "Only HTTP/1.0 and HTTP/1.1 are supported.")
}
