import Foundation
import PurseSandbox
import Testing

@Suite("Persistence: the state survives a restart; a corrupt file is a typed error")
struct PersistenceTests {
    private func temporaryPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "purse-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("state.json").path
    }

    @Test("Sessions, payments, balances, wallets and idempotency records survive a restart")
    func roundTrip() async throws {
        let path = try temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let first = try TestClient(statePath: path)
        let session = try first.session(1500, shopper: "demo-shopper")
        let items = [giftItem("illicado-50", amount: 1500)]
        let answer = try await first.validate(session.id, items, key: "persisted")
        let visa = "0b5e55ed-0000-4000-8000-000000000001"
        _ = try await first.send(
            "PATCH", first.walletPath(session, owner: "demo-shopper", "/\(visa)"), json: ["name": "Kept"],
            headers: first.walletHeaders)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(first.sandbox.lastPersistenceError == nil)

        let restarted = try TestClient(statePath: path)
        #expect(restarted.sandbox.balance(ofGiftCard: "illicado-50") == 3500)
        #expect(restarted.sandbox.clientSessionStatus(id: session.id)?.status == "COMPLETED")
        let replay = try await restarted.validate(session.id, items, key: "persisted")
        #expect(replay.body == answer.body)
        #expect(restarted.sandbox.stats().charges == 1)
        #expect(widgetText(try restarted.session(1000, shopper: "demo-shopper")).contains("\"name\":\"Kept\""))
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!contents.contains("4111111111111111"))

        restarted.sandbox.reset()
        #expect(try TestClient(statePath: path).sandbox.balance(ofGiftCard: "illicado-50") == 5000)
    }

    @Test(
        "A corrupt or foreign state file is a typed error at start",
        arguments: [
            ("{ not json", "STATE_FILE_CORRUPT"), (#"{"version":1}"#, "STATE_FILE_CORRUPT"),
            ("[]", "STATE_FILE_CORRUPT"),
        ])
    func corrupt(contents: String, code: String) throws {
        let path = try temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SandboxStateError.self) {
            _ = try PurseSandbox(configuration: SandboxConfiguration(statePath: path))
        }
        #expect(error?.code == code)
        #expect(error?.path == path)
    }

    @Test("A state file of another format version is refused")
    func version() throws {
        let path = try temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(now: { fixedNow }, statePath: path))
        try sandbox.saveState()
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"version\":1", with: "\"version\":99")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SandboxStateError.self) {
            _ = try PurseSandbox(configuration: SandboxConfiguration(statePath: path))
        }
        #expect(error?.code == "STATE_FILE_VERSION")
    }

    @Test("A missing file is a fresh start")
    func missing() throws {
        let path = try temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(statePath: path))
        #expect(sandbox.balance(ofGiftCard: "illicado-50") == 5000)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
