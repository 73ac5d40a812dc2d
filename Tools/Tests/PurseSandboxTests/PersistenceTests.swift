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
            ("{ not json", "STATE_FILE_CORRUPT"), (#"{"version":2}"#, "STATE_FILE_CORRUPT"),
            ("[]", "STATE_FILE_CORRUPT"), (#"{"version":1}"#, "STATE_FILE_VERSION"),
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
        text = text.replacingOccurrences(of: "\"version\":2", with: "\"version\":99")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SandboxStateError.self) {
            _ = try PurseSandbox(configuration: SandboxConfiguration(statePath: path))
        }
        #expect(error?.code == "STATE_FILE_VERSION")
    }

    @Test("The state file holds no card number, PIN, CVV or access token, and only its owner may read it")
    func noSecretsOnDisk() async throws {
        let path = try temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let client = try TestClient(statePath: path)
        let credentials = Data("\(catalogue.entity.clientId):\(catalogue.entity.clientSecret)".utf8)
        let issued = try await client.send(
            "POST", "/oauth/token", body: "grant_type=client_credentials",
            headers: [
                "authorization": "Basic \(credentials.base64EncodedString())",
                "content-type": "application/x-www-form-urlencoded",
            ])
        let bearer = try #require(try object(issued)["access_token"] as? String)
        let session = try client.session(3000)
        let form = try await client.formToken(pan: "4111111111111111", cvv: "123")
        let items = [giftItem("illicado-50", amount: 1000, pin: "1234"), cardItem(formToken: form, amount: 2000)]
        let answer = try await client.validate(session.id, items, key: "scan")
        #expect(try object(answer)["global_status"] as? String == "SUCCESS")
        let visa = try #require(catalogue.shopper("demo-shopper")?.token("visa-requires-cvv"))
        let saved = try client.session(1500, shopper: "demo-shopper")
        let savedCard: JSONObject = [
            "partner": "payzen", "method": "creditcard", "amount": 1500,
            "payment_data": ["token": visa.id, "csc": "123"],
        ]
        let paid = try await client.validate(saved.id, [savedCard], key: "scan-saved")
        #expect(try object(paid)["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.lastPersistenceError == nil)
        let secrets = [
            "card number": "4111111111111111", "gift-card number": "6003580000000000011", "PIN": "1234",
            "CVV": "123", "access token": bearer,
        ]
        let written = try leaks(in: path, of: secrets)
        #expect(written.isEmpty, "in the state file: \(written)")
        let mode = try permissions(of: path)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        let charges = client.sandbox.stats().charges

        // Idempotency works from what the file keeps: the same body replays, another body is refused.
        let restarted = try TestClient(statePath: path)
        let replay = try await restarted.validate(session.id, items, key: "scan")
        #expect(replay.status == 200)
        #expect(replay.body == answer.body)
        let savedReplay = try await restarted.validate(saved.id, [savedCard], key: "scan-saved")
        #expect(savedReplay.body == paid.body)
        let other = try await restarted.validate(session.id, [giftItem("illicado-50", amount: 3000)], key: "scan")
        #expect(other.status == 422)
        #expect(errorCode(other) == "IDEMPOTENCY_KEY_REUSED")
        #expect(restarted.sandbox.stats().charges == charges)
        let fetched = try await restarted.send(
            "GET", "/payment/v2/client-sessions/\(session.id)",
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(fetched.status == 200)
        let rewritten = try leaks(in: path, of: secrets)
        #expect(rewritten.isEmpty, "in the rewritten state file: \(rewritten)")
        #expect(try permissions(of: path) == 0o600)
    }

    @Test(
        "A state path that cannot be written is refused at start",
        arguments: ["in a missing directory", "under a regular file", "an existing directory"])
    func unwritablePath(kind: String) throws {
        let directory = (try temporaryPath() as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path: String
        switch kind {
        case "in a missing directory": path = directory + "/missing/state.json"
        case "under a regular file":
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/file"))
            path = directory + "/file/state.json"
        default:
            path = directory + "/state.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let error = #expect(throws: SandboxStateError.self) {
            _ = try PurseSandbox(configuration: SandboxConfiguration(statePath: path))
        }
        #expect(error?.code == "STATE_FILE_NOT_WRITABLE")
        #expect(error?.path == path)
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

/// The names of the secrets found in the state file at `path`: in its text, and in every base64 value it holds
/// (the stored answers). A secret counts only as a whole word, not next to a letter, a digit or a dash, so `123` is
/// not found inside an id, a digest or a longer number.
private func leaks(in path: String, of secrets: [String: String]) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var texts = [String(decoding: data, as: UTF8.self)]
    func walk(_ value: Any) {
        if let string = value as? String, let decoded = Data(base64Encoded: string) {
            texts.append(String(decoding: decoded, as: UTF8.self))
        } else if let array = value as? [Any] {
            array.forEach(walk)
        } else if let object = value as? [String: Any] {
            object.values.forEach(walk)
        }
    }
    walk(try JSONSerialization.jsonObject(with: data))
    return secrets.filter { secret in texts.contains { containsWord($0, secret.value) } }.map(\.key).sorted()
}

private func containsWord(_ text: String, _ word: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(word.utf8)
    guard !needle.isEmpty, needle.count <= haystack.count else { return false }
    func joins(_ index: Int) -> Bool {
        guard haystack.indices.contains(index) else { return false }
        let byte = haystack[index]
        return byte == UInt8(ascii: "-") || (byte < 0x80 && Character(Unicode.Scalar(byte)).isLetter)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        if !joins(start - 1) && !joins(start + needle.count) { return true }
    }
    return false
}

/// The permission bits of the file at `path`.
private func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
}
