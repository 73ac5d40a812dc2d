import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Server times and clock offsets out of range: from `GET /datetime` and from a stored snapshot. Each used to
/// trap ("Double value cannot be converted to Int64") at opening or at the next `saveState()`.
@MainActor
@Suite("Clock values from a server or a snapshot")
struct ClockRangeTests {
    /// A checkout opened on a datetime answer with this body (the device clock at `TestSessions.serverNow`).
    static func open(datetime body: JSONValue, log: LogSink) async throws -> PurseHeadlessCheckout {
        let transport = StubTransport { request in
            if request.url.path.hasSuffix("/datetime") { return StubTransport.json(200, body) }
            return StubTransport.json(599, ["code": "NO_ROUTE"])
        }
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.serverNow }, logHandler: log.append)
        return try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
    }

    @Test(
        "a server time out of range opens on the device clock with a warning, and saveState() works",
        arguments: [
            ["utc": .integer(Int64.max)], ["utc": .integer(-Int64.max)], ["utc": .integer(-1)],
            ["utc": .integer(253_402_300_800_000)],
            ["utc": .number(Decimal(string: "1e100")!), "iso": "0000-01-01T00:00:00Z"],
            ["iso": "0001-01-01T00:00:00Z"], ["iso": "9999-12-31T23:59:59.999-23:59"],
        ] as [JSONValue])
    func serverTimeOutOfRange(body: JSONValue) async throws {
        let log = LogSink()
        let checkout = try await Self.open(datetime: body, log: log)
        #expect(checkout.sessionState == .ready)
        #expect(log.lines.contains { $0.level == .warning && $0.message.contains("device clock") })
        let document = try #require(try JSONValue.parse(checkout.saveState().data).objectValue)
        #expect(document["server_clock_offset_ms"] == .integer(0))
    }

    @Test("a server time in range is kept: the offset survives saveState()")
    func serverTimeInRange() async throws {
        let log = LogSink()
        let server = Int64(TestSessions.serverNow.timeIntervalSince1970 * 1000) - 90_000
        let checkout = try await Self.open(datetime: ["utc": .integer(server)], log: log)
        let document = try #require(try JSONValue.parse(checkout.saveState().data).objectValue)
        #expect(document["server_clock_offset_ms"] == .integer(-90_000))
        #expect(!log.lines.contains { $0.level == .warning })
    }

    @Test(
        "a snapshot's clock offset out of range is STATE_SNAPSHOT_MALFORMED",
        arguments: [Int64.max, -Int64.max, Int64.min, 253_402_300_800_000, -253_402_300_800_000])
    func snapshotOffsetOutOfRange(millis: Int64) async throws {
        let snapshot = try await SaveRestoreTests.document { $0["server_clock_offset_ms"] = .integer(millis) }
        let error = #expect(throws: PurseCheckoutError.self) { try PurseHeadlessCheckout.restore(snapshot) }
        #expect(error?.code == .stateSnapshotMalformed)
        #expect(error?.message.contains("server_clock_offset_ms") == true)
    }

    @Test("the largest snapshot offset accepted is restored and saved again as written")
    func snapshotOffsetAtTheBound() async throws {
        for millis in [ClockBounds.maximumOffsetMillis, -ClockBounds.maximumOffsetMillis] {
            let snapshot = try await SaveRestoreTests.document { $0["server_clock_offset_ms"] = .integer(millis) }
            let restored = try PurseHeadlessCheckout.restore(snapshot)
            let document = try #require(try JSONValue.parse(restored.saveState().data).objectValue)
            #expect(document["server_clock_offset_ms"] == .integer(millis))
        }
    }

    @Test("ISO8601.format is total: extreme and non-finite dates are written, not trapped on")
    func formatIsTotal() {
        for seconds in [9.3e15, -9.3e15, .infinity, -.infinity, .nan, 1e300] {
            let text = ISO8601.format(Date(timeIntervalSince1970: seconds))
            #expect(text.hasSuffix("Z"))
        }
        #expect(ISO8601.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }
}
