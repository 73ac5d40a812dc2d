import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseSandbox

/// The sandbox serves each `save_token_mode` and honours it on its own: a registration the mode forbids saves
/// nothing, whatever a client sends.
@Suite("Sandbox: save_token_mode")
struct SandboxSaveTokenModeTests {
    static func client(mode: String?) throws -> TestClient {
        var custom = SandboxCatalogue.standard
        for index in custom.methods.indices
        where custom.methods[index].id == "payzen-creditcard" || custom.methods[index].id == "illicado-giftcard" {
            custom.methods[index].saveTokenMode = mode
        }
        let clock = TestClock()
        let time = TestTime(fixedNow)
        let sandbox = try PurseSandbox(
            configuration: SandboxConfiguration(
                baseURL: "http://127.0.0.1:8080", clock: clock, now: { time.now }, catalogue: custom))
        return TestClient(sandbox: sandbox, clock: clock, time: time)
    }

    @Test(
        "the widget data carries the method's mode, or no key when it has none", arguments: ["NEVER", nil] as [String?])
    func widgetData(mode: String?) throws {
        let client = try Self.client(mode: mode)
        let protocols = try #require(
            (try widget(try client.session(1000, shopper: "empty-shopper"))["paymentSession"] as? JSONObject)?[
                "protocols"] as? [String: JSONObject])
        let card = try #require(protocols["payzen"]?["creditcard"] as? JSONObject)
        let settings = try #require((card["configurations"] as? JSONObject)?["settings"] as? JSONObject)
        #expect(settings["save_token_mode"] as? String == mode)
        #expect(settings["save_token"] as? Bool == true)
    }

    @Test(
        "a registration saves a token only when the mode allows it; /init's can_be_registered follows",
        arguments: [("PREFER_NO", true), ("prefer_yes", true), ("NEVER", false), ("SOMETHING_ELSE", false)])
    func registration(mode: String, saves: Bool) async throws {
        #expect(SandboxCatalogue.standard.method(partner: "payzen", method: "creditcard")?.saveTokenMode == "PREFER_NO")
        let client = try Self.client(mode: mode)
        let session = try client.session(3000, shopper: "empty-shopper")
        let initialized = try object(try await client.initItem(session.id, giftItem("illicado-50", amount: 1000)))
        #expect((initialized["plugin_result"] as? JSONObject)?["can_be_registered"] as? Bool == saves)
        let card = try await client.formToken(pan: "5555555555554444")
        let response = try await client.validate(
            session.id,
            [
                giftItem("illicado-50", amount: 1000).merging(
                    ["payment_preferences": ["registration": ["save_token": true, "name": "Gift one"]]]) { $1 },
                cardItem(formToken: card, amount: 2000, register: ["save_token": true, "name": "My Mastercard"]),
            ])
        #expect(try object(response)["global_status"] as? String == "SUCCESS")
        let all = try results(response)
        #expect(((all[0]["plugin_result"] as? JSONObject)?["token_id"] != nil) == saves)
        #expect(((all[1]["plugin_result"] as? JSONObject)?["token_id"] != nil) == saves)
        #expect(client.sandbox.walletTokenIDs(of: "empty-shopper").count == (saves ? 2 : 0))
    }
}
