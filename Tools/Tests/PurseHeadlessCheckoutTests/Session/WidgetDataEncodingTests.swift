import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Widget data is base64 of a JSON document (CONTRACT §1): standard or URL-safe alphabet, padding optional,
/// whitespace and line breaks ignored. Anything else is `WIDGET_DATA_MALFORMED`.
struct WidgetDataEncodingTests {
    /// The large fixture's bytes (its `x_base64_probe` member makes standard base64 use `+` and `/`) plus
    /// trailing spaces (valid JSON whitespace) so that their base64 ends in `==`.
    private static func sampleBytes() throws -> Data {
        var bytes = try sessionFixtureData("large-session")
        while bytes.count % 3 != 1 { bytes.append(UInt8(ascii: " ")) }
        return bytes
    }

    private static func urlSafe(_ standard: String) -> String {
        standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    private static func unpadded(_ text: String) -> String {
        var text = text
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// Inserts `separator` every `width` characters.
    private static func wrapped(_ text: String, every width: Int, with separator: String) -> String {
        var output = ""
        for (offset, character) in text.enumerated() {
            if offset > 0 && offset % width == 0 { output += separator }
            output.append(character)
        }
        return output
    }

    enum Encoding: String, CaseIterable, Sendable {
        case standard, urlSafe, unpadded, urlSafeUnpadded, mimeLines, lineFeeds, spacesAndTabs, surrounded
        case everything
    }

    private static func encode(_ bytes: Data, as encoding: Encoding) -> String {
        let standard = bytes.base64EncodedString()
        switch encoding {
        case .standard: return standard
        case .urlSafe: return urlSafe(standard)
        case .unpadded: return unpadded(standard)
        case .urlSafeUnpadded: return unpadded(urlSafe(standard))
        case .mimeLines:
            return bytes.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
                + "\r\n"
        case .lineFeeds: return wrapped(standard, every: 64, with: "\n")
        case .spacesAndTabs: return wrapped(standard, every: 7, with: " \t ")
        case .surrounded: return "\n  \t" + standard + " \r\n"
        case .everything: return "  " + wrapped(unpadded(urlSafe(standard)), every: 50, with: "\r\n") + "\n"
        }
    }

    @Test("the test input really exercises the URL-safe alphabet and padding")
    func inputIsMeaningful() throws {
        let standard = try Self.sampleBytes().base64EncodedString()
        let usesPlus = standard.contains("+")
        let usesSlash = standard.contains("/")
        let endsWithPadding = standard.hasSuffix("==")
        #expect(usesPlus)
        #expect(usesSlash)
        #expect(endsWithPadding)
    }

    @Test("every accepted encoding decodes to the same session", arguments: Encoding.allCases)
    func encodingsAgree(_ encoding: Encoding) throws {
        let bytes = try Self.sampleBytes()
        let reference = try SessionDecoder.decode(widgetData: bytes.base64EncodedString())
        let widgetData = Self.encode(bytes, as: encoding)
        let differs = widgetData != bytes.base64EncodedString()
        #expect(differs == (encoding != .standard))
        let session = try SessionDecoder.decode(widgetData: widgetData)
        let same = session == reference  // compared outside #expect: a failure would print both sessions
        #expect(same)
        #expect(session.source.protocols.count == 67)
    }

    @Test("a single trailing = (one byte of padding missing) is accepted too")
    func partialPadding() throws {
        let bytes = try Self.sampleBytes()
        let standard = bytes.base64EncodedString()
        let reference = try SessionDecoder.decode(widgetData: standard)
        let same = try SessionDecoder.decode(widgetData: String(standard.dropLast())) == reference
        #expect(same)
    }

    @Test("the SDK's own URL-safe encoder produces widget data the decoder accepts")
    func sdkEncoderRoundTrip() throws {
        let bytes = try Self.sampleBytes()
        let encoded = Base64.encodeURLSafe(bytes)
        #expect(!encoded.contains("+") && !encoded.contains("/") && !encoded.contains("="))
        let decodedBytes = Base64.decode(encoded)
        #expect(decodedBytes == bytes)
        let same =
            try SessionDecoder.decode(widgetData: encoded)
            == SessionDecoder.decode(widgetData: bytes.base64EncodedString())
        #expect(same)
    }

    // MARK: Refused

    static let notBase64: [String] = [
        "", "!!!", "a", "=", "====", "   ", "\n", "abc$", "e30=e30=", "%%%not base64%%%", "ab\u{00A0}cd", "абвг",
    ]

    @Test("text that is not base64 is WIDGET_DATA_MALFORMED", arguments: notBase64)
    func notBase64Refused(_ widgetData: String) {
        let error = #expect(throws: PurseCheckoutError.self) { try SessionDecoder.decode(widgetData: widgetData) }
        #expect(error?.code == .widgetDataMalformed)
        #expect(error?.kind == .session)
    }

    static let notAJSONObject: [(String, [UInt8])] = [
        ("plain text", Array("not json at all".utf8)),
        ("a JSON array", Array(#"[{"apiKey":"k"}]"#.utf8)),
        ("a JSON string", Array(#""{}""#.utf8)),
        ("a JSON number", Array("42".utf8)),
        ("JSON null", Array("null".utf8)),
        ("a truncated object", Array(#"{"apiKey":"k","#.utf8)),
        ("an object with a trailing comma", Array(#"{"apiKey":"k",}"#.utf8)),
        ("invalid UTF-8", [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
        ("UTF-16 JSON", Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        ("the base64 text itself, encoded again", Array("eyJhcGlLZXkiOiJrIn0=".utf8)),
    ]

    @Test("base64 of something that is not a JSON object is WIDGET_DATA_MALFORMED", arguments: notAJSONObject)
    func notAJSONObjectRefused(name: String, bytes: [UInt8]) {
        let widgetData = Data(bytes).base64EncodedString()
        let error = #expect(throws: PurseCheckoutError.self) { try SessionDecoder.decode(widgetData: widgetData) }
        #expect(error?.code == .widgetDataMalformed, "\(name)")
    }

    @Test("a JSON object that is not a session is SESSION_MALFORMED, not WIDGET_DATA_MALFORMED")
    func objectButNotASession() {
        let widgetData = Data(#"{"hello":"world"}"#.utf8).base64EncodedString()
        let error = #expect(throws: PurseCheckoutError.self) { try SessionDecoder.decode(widgetData: widgetData) }
        #expect(error?.code == .sessionMalformed)
        #expect(error?.message.hasPrefix("apiKey: ") == true)
    }

    @Test("the params entry point refuses a non-object with SESSION_MALFORMED")
    func paramsMustBeAnObject() {
        let error = #expect(throws: PurseCheckoutError.self) { try SessionDecoder.decode(params: [1, 2]) }
        #expect(error?.code == .sessionMalformed)
    }

    @Test("decode(params:) and decode(widgetData:) agree")
    func entryPointsAgree() throws {
        let params = sessionValidParams()
        let same =
            try SessionDecoder.decode(params: params) == SessionDecoder.decode(widgetData: sessionWidgetData(params))
        #expect(same)
    }
}
