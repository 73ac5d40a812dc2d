internal import Foundation

/// The Purse vault (CONTRACT.md §4) under `B/vault/v1/tenants/{tenant_id}`. No API key, as for the real
/// secure-fields vault; an unknown tenant is 404 `UNKNOWN_TENANT`.
///
/// - `POST …/bin-lookup` `{ "first_digits": "6 to 8 digits" }` → `{ "brands": [ { brand, is_main,
///   pan_lengths, cvv_lengths } ] }` (empty for an unknown range); 400 `INVALID_FIRST_DIGITS`.
/// - `POST …/forms/secure-fields` `{ cvv?, card: { pan, expiry_month, expiry_year, card_holder_name?,
///   save_token?, selected_network } }` → `{ "form_token", "card": { "bin", "last_four_digits" } }`;
///   400 `INVALID_CARD_NUMBER` (length or Luhn), `INVALID_EXPIRY`, `INVALID_CVV` (also any code for a brand that
///   has none: Oney), `INVALID_BRAND`, and `INVALID_PAYLOAD` for a member it does not know (such as an Oney card's
///   `birth_date`, which the real vault refuses too).
///
/// The form token stands for the stored card. The PAN and CVV are never echoed back nor kept: the sandbox
/// keeps the BIN (first 8), the last four digits, the brand and the test outcome the PAN selects.
extension PurseSandbox {
    func binLookup(tenant: String, _ request: SandboxRequest) -> SandboxResponse {
        guard tenant == catalogue.entity.vaultTenantId else {
            return .error(404, "UNKNOWN_TENANT", "No vault tenant \(tenant)")
        }
        let body: [String: SandboxJSON]
        switch request.jsonObjectBody() {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        guard let digits = body["first_digits"]?.stringValue, (6...8).contains(digits.count),
            digits.allSatisfy(\.isASCIIDigitCharacter)
        else {
            return .error(400, "INVALID_FIRST_DIGITS", "first_digits must be 6 to 8 digits")
        }
        let brands = CardRules.brands(forPrefix: digits).map { brand -> SandboxJSON in
            [
                "brand": .string(brand.name), "is_main": .bool(brand.isMain),
                "pan_lengths": .array(brand.panLengths.map(SandboxJSON.int)),
                "cvv_lengths": .array(brand.cvvLengths.map(SandboxJSON.int)),
            ]
        }
        return .json(200, ["brands": .array(brands)])
    }

    func secureFields(tenant: String, _ request: SandboxRequest) -> SandboxResponse {
        guard tenant == catalogue.entity.vaultTenantId else {
            return .error(404, "UNKNOWN_TENANT", "No vault tenant \(tenant)")
        }
        let body: [String: SandboxJSON]
        switch request.jsonObjectBody() {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        guard let card = body["card"], let cardMembers = card.objectValue else {
            return .error(400, "INVALID_PAYLOAD", "card is required")
        }
        let unknown =
            body.keys.filter { !Self.formMembers.contains($0) }.sorted()
            + cardMembers.keys.filter { !Self.cardMembers.contains($0) }.sorted().map { "card." + $0 }
        if let first = unknown.first {
            return .error(400, "INVALID_PAYLOAD", "Unknown member \(first)")
        }
        guard let pan = card["pan"]?.stringValue.map(SandboxCatalogue.normalizedPAN),
            (12...19).contains(pan.count), pan.allSatisfy(\.isASCIIDigitCharacter), CardRules.passesLuhn(pan)
        else {
            return .error(400, "INVALID_CARD_NUMBER", "The card number is not valid")
        }
        guard let month = Self.number(card["expiry_month"]), (1...12).contains(month),
            let rawYear = Self.number(card["expiry_year"]), rawYear >= 0
        else {
            return .error(400, "INVALID_EXPIRY", "expiry_month must be 1 to 12 and expiry_year a year")
        }
        let year = rawYear < 100 ? 2000 + rawYear : rawYear
        let today = SandboxTime.iso8601(now)
        let currentYear = Int(today.prefix(4)) ?? 0
        let currentMonth = Int(today.dropFirst(5).prefix(2)) ?? 0
        guard year > currentYear || (year == currentYear && month >= currentMonth) else {
            return .error(400, "INVALID_EXPIRY", "The card has expired")
        }
        let brands = CardRules.brands(forPrefix: String(pan.prefix(8)))
        if let cvv = body["cvv"], !cvv.isNull {
            let lengths = brands.first(where: \.isMain)?.cvvLengths ?? [3, 4]
            guard let text = cvv.stringValue, lengths.contains(text.count), text.allSatisfy(\.isASCIIDigitCharacter)
            else { return .error(400, "INVALID_CVV", "The CVV is not valid for this card") }
        }
        let selected = card["selected_network"]?.stringValue
        let mainBrand = brands.first(where: \.isMain)?.name ?? selected ?? "UNKNOWN"
        if let selected, !brands.isEmpty, !brands.contains(where: { CardRules.sameBrand($0.name, selected) }) {
            return .error(400, "INVALID_BRAND", "selected_network \(selected) is not a brand of this card")
        }
        let outcome = catalogue.testCard(pan: pan)?.outcome ?? .succeeds
        let token = "vft_" + newID().replacingOccurrences(of: "-", with: "")
        let record = VaultFormRecord(
            token: token, tenantId: tenant, bin: String(pan.prefix(8)), lastFour: String(pan.suffix(4)),
            brand: selected.map(CardRules.canonicalBrand) ?? mainBrand, outcome: outcome.rawValue,
            expiryMonth: month, expiryYear: year, holderName: card["card_holder_name"]?.stringValue, used: false)
        mutate { state in state.vaultForms[token] = record }
        return .json(
            200,
            [
                "form_token": .string(token),
                "card": ["bin": .string(record.bin), "last_four_digits": .string(record.lastFour)],
            ])
    }

    /// The members a secure-fields form may have, and those of its `card`.
    private static let formMembers: Set<String> = ["cvv", "card"]
    private static let cardMembers: Set<String> = [
        "pan", "expiry_month", "expiry_year", "card_holder_name", "save_token", "selected_network",
    ]

    /// An integer given as a JSON number or as digits in a string (`"07"`).
    private static func number(_ json: SandboxJSON?) -> Int? {
        json?.intValue ?? json?.stringValue.flatMap { Int($0) }
    }
}

/// Card rules the vault applies: Luhn and a small BIN table (general industry ranges, not Purse data).
enum CardRules {
    struct Brand: Equatable {
        var name: String
        var isMain: Bool
        var panLengths: [Int]
        var cvvLengths: [Int]
    }

    /// Standard mod-10 check.
    static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            let value = offset % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0
    }

    /// The brands of a card range. `4970` is co-badged Carte Bancaire + Visa (the sandbox's CB range); `6015` is
    /// the sandbox's Oney range (19 digits, no security code).
    static func brands(forPrefix prefix: String) -> [Brand] {
        let two = Int(prefix.prefix(2)) ?? 0
        let four = Int(prefix.prefix(4)) ?? 0
        if prefix.hasPrefix("4970") {
            return [
                Brand(name: "VISA", isMain: true, panLengths: [16], cvvLengths: [3]),
                Brand(name: "CARTE_BANCAIRE", isMain: false, panLengths: [16], cvvLengths: [3]),
            ]
        }
        if prefix.hasPrefix("4") { return [Brand(name: "VISA", isMain: true, panLengths: [16], cvvLengths: [3])] }
        if prefix.hasPrefix("6015") { return [Brand(name: "ONEY", isMain: true, panLengths: [19], cvvLengths: [])] }
        if (51...55).contains(two) || (2221...2720).contains(four) {
            return [Brand(name: "MASTERCARD", isMain: true, panLengths: [16], cvvLengths: [3])]
        }
        if two == 34 || two == 37 {
            return [Brand(name: "AMERICAN_EXPRESS", isMain: true, panLengths: [15], cvvLengths: [4])]
        }
        return []
    }

    /// The API spelling of a brand (`AMEX` → `AMERICAN_EXPRESS`, `CB` → `CARTE_BANCAIRE`).
    static func canonicalBrand(_ brand: String) -> String {
        switch brand.uppercased() {
        case "AMEX": "AMERICAN_EXPRESS"
        case "CB": "CARTE_BANCAIRE"
        default: brand.uppercased()
        }
    }

    static func sameBrand(_ lhs: String, _ rhs: String) -> Bool { canonicalBrand(lhs) == canonicalBrand(rhs) }
}
