// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the Codable peer's property names are the wire's member names, so JSONDecoder needs no key strategy or CodingKeys)
import Foundation

/// What the platform does with the same widget data, timed beside `SessionDecoder.decode(widgetData:)` in the cpu
/// section's interleaved rounds: the SDK's row is then a ratio to each peer, measured under the same machine load.
enum DecodePeers {
    /// Foundation's base64, then `JSONSerialization` into Foundation objects: the parse alone, no model.
    static func foundationParse(_ widgetData: String) -> Bool {
        guard let data = Data(base64Encoded: widgetData) else { return false }
        return (try? JSONSerialization.jsonObject(with: data)) != nil
    }

    /// Foundation's base64, then `JSONDecoder` into ``PeerParams``: the fields the SDK reads, nothing kept raw.
    static func codableDecode(_ widgetData: String) -> Bool {
        guard let data = Data(base64Encoded: widgetData) else { return false }
        return (try? JSONDecoder().decode(PeerParams.self, from: data)) != nil
    }
}

// The Codable model: every member `SessionDecoder` reads, with the SDK's types where Codable has them (`Decimal`
// amounts; dates and URLs stay text, as the SDK parses those itself). Unread members (`contracts`, unknown settings)
// are skipped by JSONDecoder, which the SDK cannot do: it keeps `configurations`, `contracts` and tokens as received.

struct PeerParams: Decodable {
    var apiKey: String
    var entityId: String
    var environment: String?
    var env: String?
    var apiPaths: [String: String]?
    var walletSession: PeerWalletSession?
    var paymentSession: PeerPaymentSession
}

struct PeerWalletSession: Decodable {
    var session_id: String
    var owner_reference: String
    var merchant: String
    var expiration_date: String?
}

struct PeerPaymentSession: Decodable {
    var id: String
    var amount: Decimal?
    var currency_code: String
    var expiration_date: String
    var information_request: Bool?
    var redirection: String?
    var success: String?
    var failure: String?
    var vault: PeerSessionVault?
    var protocols: [String: [String: PeerProtocol]]
}

struct PeerSessionVault: Decodable {
    struct FrontData: Decodable {
        struct Tenant: Decodable { var tenant_id: String? }
        struct Merchant: Decodable { var merchant_id: String? }
        var purse: Tenant?
        var pci_proxy: Merchant?
    }
    var vendor_front_data: FrontData?
}

struct PeerProtocol: Decodable {
    var configurations: PeerConfiguration
    var integrated_tokens: [PeerToken]?
}

struct PeerConfiguration: Decodable {
    struct Vault: Decodable {
        var vendor: String?
        var supported_brands: [String]?
        var token_scope: String?
        var external_three_ds_enabled: Bool?
    }
    struct Settings: Decodable {
        struct MerchantSpecifics: Decodable { var integration_mode: String? }
        var merchant_specifics: MerchantSpecifics?
        var save_token: Bool?
        var save_token_mode: String?
        var pay_token: Bool?
        var registration_mode: String?
        var payment_min_amount: Decimal?
        var payment_max_amount: Decimal?
        var usage_per_session_limit: Int?
    }
    var template: String?
    var labels: [String]?
    var position: Int?
    var stable: Bool?
    var accepted_decimals: Int?
    var vault: Vault?
    var settings: Settings?
}

struct PeerToken: Decodable {
    struct Description: Decodable {
        var brand_name: String?
        var display_token: String?
        var masked_pan: String?
        var holder_name: String?
        var label: String?
    }
    var id: String
    var name: String?
    var label: String?
    var favorite: Bool?
    var expiration_date: String?
    var network_token: Bool?
    var requires_csc: Bool?
    var status: String?
    var description: Description?
}
