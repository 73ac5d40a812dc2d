import Foundation
import Testing

@testable import PurseHeadlessCheckout

// Helpers shared by the Session/, JSON/ and Plugins/ suites. Every name starts with `session` so it
// cannot clash with helpers other folders of the test target declare.

/// The bytes of `Fixtures/<name>.json`.
func sessionFixtureData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// Widget data for a fixture: standard base64 of the file's bytes, exactly as a merchant backend hands it over.
func sessionFixtureWidgetData(_ name: String) throws -> String {
    try sessionFixtureData(name).base64EncodedString()
}

/// Decodes a fixture through the public entry point, `SessionDecoder.decode(widgetData:)`.
func sessionDecodeFixture(_ name: String) throws -> ClientSession {
    try SessionDecoder.decode(widgetData: sessionFixtureWidgetData(name))
}

/// Widget data for a params document: standard base64 of its compact serialization.
func sessionWidgetData(_ params: JSONValue) -> String {
    params.serialized().base64EncodedString()
}

/// Decodes a params document through the widget-data entry point.
func sessionDecode(_ params: JSONValue) throws -> ClientSession {
    try SessionDecoder.decode(widgetData: sessionWidgetData(params))
}

/// An exact decimal `significand × 10^exponent`, built without parsing text or going through `Double`.
func sessionDecimal(_ significand: Int64, exponent: Int = 0) -> Decimal {
    Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
}

/// Where a (partner, method) routes, as the tests name it.
enum SessionRouteKind: String, Sendable, CustomStringConvertible {
    case card, redirection, secondary, paypal, applePay, other, none

    init(_ plugin: (any PaymentPlugin)?) {
        switch plugin {
        case .none: self = .none
        case .some(let plugin) where plugin is any RedirectionPlugin: self = .redirection
        case .some(let plugin) where plugin is any SecondaryPlugin: self = .secondary
        case .some(let plugin) where plugin is any CardPlugin: self = .card
        case .some(let plugin) where plugin is any PayPalPlugin: self = .paypal
        case .some(let plugin) where plugin is any ApplePayPlugin: self = .applePay
        case .some: self = .other
        }
    }

    var description: String { rawValue }
}

/// Splits an item id `"{partner}-{method}"` at its first dash (methods may contain dashes, partners do not).
func sessionSplitItemID(_ id: String) -> (partner: Partner, method: PaymentMethodType) {
    guard let dash = id.firstIndex(of: "-") else { return (Partner(rawValue: id), PaymentMethodType(rawValue: "")) }
    return (Partner(rawValue: String(id[..<dash])), PaymentMethodType(rawValue: String(id[id.index(after: dash)...])))
}

/// `document` with the member at `path` (dot-separated keys; a number indexes an array) set to `value`,
/// or removed when `value` is `nil`. Missing intermediate objects are created.
func sessionReplacing(_ path: String, with value: JSONValue?, in document: JSONValue) -> JSONValue {
    sessionReplacing(path.split(separator: ".").map(String.init)[...], with: value, in: document)
}

private func sessionReplacing(_ path: ArraySlice<String>, with value: JSONValue?, in document: JSONValue) -> JSONValue {
    guard let key = path.first else { return value ?? .null }
    let rest = path.dropFirst()
    if case .array(var elements) = document, let index = Int(key), elements.indices.contains(index) {
        if rest.isEmpty, value == nil {
            elements.remove(at: index)
        } else {
            elements[index] = sessionReplacing(rest, with: value, in: elements[index])
        }
        return .array(elements)
    }
    var members = document.objectValue ?? [:]
    if rest.isEmpty {
        members[key] = value
    } else {
        members[key] = sessionReplacing(rest, with: value, in: members[key] ?? .object([:]))
    }
    return .object(members)
}

/// A small, valid params document: one card method with a saved card, one gift card with a saved card,
/// a redirection method, service roots and a wallet session. Each malformed-document row breaks one member.
func sessionValidParams() -> JSONValue {
    let cardToken: JSONValue = [
        "id": "tok-card", "value": "psp-1", "favorite": false, "status": "ACTIVE",
        "description": ["brand_name": "VISA", "display_token": "411111******1111", "holder_name": "Ada"],
        "payment_id": ["origin": "partner", "partner": "aci", "method": "creditcard"],
    ]
    let giftToken: JSONValue = [
        "id": "tok-gift", "value": "gift-1", "favorite": true, "name": "Gift",
        "description": ["masked_pan": "************1234"],
    ]
    return [
        "apiKey": "pk_test_1",
        "entityId": "entity-1",
        "environment": "sandbox",
        "apiPaths": [
            "payment": "https://gateway.example.test", "wallet": "https://wallet.example.test",
            "datetime": "https://clock.example.test", "logs": "https://logs.example.test",
            "vault": "https://vault.example.test",
        ],
        "walletSession": [
            "session_id": "ws-1", "owner_reference": "shopper-1", "merchant": "merchant-1",
            "expiration_date": "2030-01-01T00:00:00Z",
        ],
        "paymentSession": [
            "id": "ps-1",
            "amount": 480,
            "currency_code": "EUR",
            "expiration_date": "2030-01-01T00:00:00Z",
            "redirection": "https://shop.example/return",
            "vault": ["vendor_front_data": ["purse": ["tenant_id": "tenant-1"]]],
            "protocols": [
                "aci": [
                    "creditcard": [
                        "configurations": [
                            "stable": true, "position": 3, "template": "aci_creditcard",
                            "labels": ["aci", "creditcard", "primary"],
                            "vault": ["vendor": "none", "supported_brands": ["VISA", "MASTERCARD"]],
                            "settings": ["payment_max_amount": 4000, "save_token": true],
                        ],
                        "integrated_tokens": [cardToken],
                    ]
                ],
                "fintecture": [
                    "instantpayment": [
                        "configurations": [
                            "stable": true, "position": 1, "template": "redirection",
                            "labels": ["fintecture", "instantpayment", "primary"],
                        ]
                    ]
                ],
                "easy2play": [
                    "giftcard": [
                        "configurations": [
                            "stable": true, "position": 8, "template": "secondary",
                            "labels": ["easy2play", "giftcard", "secondary"],
                            "settings": ["usage_per_session_limit": 2],
                        ],
                        "integrated_tokens": [giftToken],
                    ]
                ],
            ],
        ],
    ]
}
