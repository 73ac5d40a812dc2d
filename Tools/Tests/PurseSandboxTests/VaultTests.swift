import Foundation
import PurseSandbox
import Testing

@Suite("Vault: BIN look-up and secure-fields tokenization")
struct VaultTests {
    private let root = "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)"

    @Test(
        "BIN look-up",
        arguments: [
            ("41111111", ["VISA"], [16], [3]), ("55555555", ["MASTERCARD"], [16], [3]),
            ("22230031", ["MASTERCARD"], [16], [3]), ("37828224", ["AMERICAN_EXPRESS"], [15], [4]),
            ("49701011", ["VISA", "CARTE_BANCAIRE"], [16], [3]), ("99999999", [], [], []),
        ])
    func binLookup(digits: String, brands: [String], panLengths: [Int], cvvLengths: [Int]) async throws {
        let client = try TestClient()
        let response = try await client.send("POST", "\(root)/bin-lookup", json: ["first_digits": digits])
        #expect(response.status == 200)
        let found = try #require(try object(response)["brands"] as? [JSONObject])
        #expect(found.compactMap { $0["brand"] as? String } == brands)
        if let main = found.first {
            #expect(main["is_main"] as? Bool == true)
            #expect(main["pan_lengths"] as? [Int] == panLengths)
            #expect(main["cvv_lengths"] as? [Int] == cvvLengths)
        }
    }

    @Test("Tokenization answers a form token, the BIN and the last four digits, never the PAN")
    func tokenize() async throws {
        let client = try TestClient()
        let response = try await client.send(
            "POST", "\(root)/forms/secure-fields",
            json: [
                "cvv": "123",
                "card": [
                    "pan": "4111 1111 1111 1111", "expiry_month": 12, "expiry_year": 30,
                    "card_holder_name": "Camille Martin", "selected_network": "VISA",
                ],
            ])
        #expect(response.status == 200)
        let body = try object(response)
        #expect((body["form_token"] as? String)?.hasPrefix("vft_") == true)
        #expect((body["card"] as? JSONObject)?["bin"] as? String == "41111111")
        #expect((body["card"] as? JSONObject)?["last_four_digits"] as? String == "1111")
        #expect(!response.bodyText.contains("4111111111111111"))
        #expect(!response.bodyText.contains("\"123\""))
    }

    @Test(
        "Tokenization refusals",
        arguments: [
            (#"{"card":{"pan":"4111111111111112","expiry_month":12,"expiry_year":30}}"#, "INVALID_CARD_NUMBER"),
            (#"{"card":{"pan":"41111","expiry_month":12,"expiry_year":30}}"#, "INVALID_CARD_NUMBER"),
            (#"{"card":{"pan":"4111111111111111","expiry_month":13,"expiry_year":30}}"#, "INVALID_EXPIRY"),
            (#"{"card":{"pan":"4111111111111111","expiry_month":12,"expiry_year":25}}"#, "INVALID_EXPIRY"),
            (#"{"cvv":"12","card":{"pan":"4111111111111111","expiry_month":12,"expiry_year":30}}"#, "INVALID_CVV"),
            (#"{"cvv":"123","card":{"pan":"378282246310005","expiry_month":12,"expiry_year":30}}"#, "INVALID_CVV"),
            (
                #"{"card":{"pan":"4111111111111111","expiry_month":12,"expiry_year":30,"selected_network":"MASTERCARD"}}"#,
                "INVALID_BRAND"
            ),
            (#"{"pan":"4111111111111111"}"#, "INVALID_PAYLOAD"),
            (#"nope"#, "INVALID_JSON"),
        ])
    func refusals(body: String, code: String) async throws {
        let client = try TestClient()
        let response = try await client.send("POST", "\(root)/forms/secure-fields", body: body)
        #expect(response.status == 400)
        #expect(errorCode(response) == code)
    }

    @Test("An unknown tenant is 404 and bad first digits 400")
    func tenantAndDigits() async throws {
        let client = try TestClient()
        let unknown = try await client.send(
            "POST", "/vault/v1/tenants/other/bin-lookup", json: ["first_digits": "41111111"])
        #expect(unknown.status == 404)
        #expect(errorCode(unknown) == "UNKNOWN_TENANT")
        let short = try await client.send("POST", "\(root)/bin-lookup", json: ["first_digits": "4111"])
        #expect(errorCode(short) == "INVALID_FIRST_DIGITS")
    }
}
