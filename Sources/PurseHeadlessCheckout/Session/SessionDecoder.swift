import Foundation

/// Turns widget data (base64 of a JSON document, CONTRACT §1) into a ``ClientSession``.
///
/// Accepts standard and URL-safe base64, with or without padding, and surrounding whitespace.
/// Unknown templates, partners, methods and extra keys decode fine. A document that is not base64 or
/// not a JSON object fails with `WIDGET_DATA_MALFORMED`; a wrong or missing field fails with
/// `SESSION_MALFORMED` naming its path (e.g. `paymentSession.protocols.aci.creditcard.configurations`).
public enum SessionDecoder {
    /// Decodes widget data as handed over by the merchant backend.
    public static func decode(widgetData: String) throws -> ClientSession {
        try decoding(widgetData: widgetData)
    }

    /// ``decode(widgetData:)`` with its error typed, for the SDK's own callers.
    static func decoding(widgetData: String) throws(PurseCheckoutError) -> ClientSession {
        guard let bytes = Base64.decodeBytes(widgetData) else {
            throw PurseCheckoutError(.widgetDataMalformed, message: "widget data is not base64")
        }
        // The usual document, read in one pass (`WidgetDataScanner`). Anything else, and any document that is wrong,
        // is read again below the general way, which gives the error.
        if let scan = WidgetDataScanner.scan(bytes),
            let session = try? decode(params: scan.params, deferred: nil, scanned: scan.protocols)
        {
            return session
        }
        let parsed: (value: JSONValue, ranges: [[String]: Range<Int>])
        do {
            parsed = try JSONParser.parse(bytes, shape: widgetDataShape)
        } catch {
            throw PurseCheckoutError(.widgetDataMalformed, message: "widget data is not JSON: \(error)")
        }
        guard case .object = parsed.value else {
            throw PurseCheckoutError(.widgetDataMalformed, message: "widget data is not a JSON object")
        }
        return try decode(
            params: parsed.value,
            deferred: DeferredValues(document: DeferredDocument(bytes: bytes), ranges: parsed.ranges))
    }

    /// What `decode(widgetData:)` builds of the document when `WidgetDataScanner` leaves it to the general way (a
    /// malformed document, an unusual spelling): all of it but each method's `contracts` and the members of its
    /// `configurations` that ``MethodConfiguration/init(reading:)`` does not read. Those two are kept as text
    /// (``DeferredJSON``) and built if something reads them (`contracts`, `raw`). The whole document is checked all
    /// the same, so the errors are those of `JSONValue.parse`.
    ///
    /// A member `MethodConfiguration.init(reading:)` reads must be listed here (and read by `WidgetDataScanner`), or
    /// widget data would decode it as absent (`SessionShapeTests` and `WidgetDataScannerTests` compare both entry
    /// points).
    static let widgetDataShape: JSONShape = {
        let vault = JSONShape.object(
            [("vendor", .all), ("supported_brands", .all), ("token_scope", .all), ("external_three_ds_enabled", .all)],
            others: .skip, keepRange: false)
        let specifics = JSONShape.object([("integration_mode", .all)], others: .skip, keepRange: false)
        let settings = JSONShape.object(
            [
                ("merchant_specifics", specifics), ("save_token", .all), ("save_token_mode", .all), ("pay_token", .all),
                ("registration_mode", .all), ("payment_min_amount", .all), ("payment_max_amount", .all),
                ("usage_per_session_limit", .all),
            ], others: .skip, keepRange: false)
        let configurations = JSONShape.object(
            [
                ("template", .all), ("labels", .all), ("position", .all), ("stable", .all), ("accepted_decimals", .all),
                ("vault", vault), ("settings", settings),
            ], others: .skip, keepRange: true)
        let entry = JSONShape.object(
            [("configurations", configurations), ("contracts", .skipKeepingRange)], others: .all, keepRange: false)
        let partner = JSONShape.object([], others: entry, keepRange: false)
        let protocols = JSONShape.object([], others: partner, keepRange: false)
        let paymentSession = JSONShape.object([("protocols", protocols)], others: .all, keepRange: false)
        return .object([("paymentSession", paymentSession)], others: .all, keepRange: false)
    }()

    /// The values `decode(widgetData:)` left as text, by their member names from the root.
    struct DeferredValues {
        let document: DeferredDocument
        let ranges: [[String]: Range<Int>]

        /// The value at `path`, deferred; `nil` when it was not there or is `null`.
        func slot(_ path: [String]) -> JSONSlot? {
            guard let range = ranges[path], !range.isEmpty, document.bytes[range.lowerBound] != UInt8(ascii: "n")
            else {
                return nil
            }
            return .deferred(DeferredJSON(document: document, range: range))
        }
    }

    /// Decodes the already-decoded params object (`{ apiKey, entityId, environment, paymentSession, … }`).
    public static func decode(params: JSONValue) throws -> ClientSession {
        try decode(params: params, deferred: nil)
    }

    /// `scanned`: the protocols `WidgetDataScanner` read (then `params` has no `paymentSession.protocols`).
    static func decode(
        params: JSONValue, deferred: DeferredValues?, scanned: [SessionProtocol]? = nil
    ) throws(PurseCheckoutError) -> ClientSession {
        let root = JSONReader(params, path: "") { PurseCheckoutError(.sessionMalformed, message: $0) }
        guard case .object = params else { throw root.fail("expected an object") }
        let apiKey = try root.required("apiKey").string()
        let entityID = try root.required("entityId").string()
        let environmentKey = try root.string("environment")
        let legacyEnvironmentKey = try root.string("env")
        guard let environmentName = environmentKey ?? legacyEnvironmentKey else {
            throw PurseCheckoutError(.sessionMalformed, message: "environment: missing")
        }
        let environment = PurseEnvironment(rawValue: environmentName)
        guard PurseEnvironment.known.contains(environment) else {
            throw PurseCheckoutError(
                .sessionMalformed,
                message: "\(environmentKey == nil ? "env" : "environment"): expected development, test, sandbox or "
                    + "production, found \(environmentName)")
        }
        let (source, ids) = try decodePaymentSession(
            root.required("paymentSession"), deferred: deferred, scanned: scanned)
        let roots = try decodeRoots(root.optional("apiPaths"), defaults: environment.defaultRoots)
        // The web SDK's params spell it `walletSession`; the iOS documentation `wallet_session`. Either is read, the
        // first when both are there (as `environment` over `env`).
        var walletReader = try root.optional("walletSession")
        if walletReader == nil { walletReader = try root.optional("wallet_session") }
        let walletSession = try walletReader.map(decodeWalletSession)

        let currency = Currency(code: source.currencyCode)
        let amountReader = try root.required("paymentSession").optional("amount")
        let amountMinor: Int64
        do {
            amountMinor = try Money(decimal: source.amount ?? 0, currency: currency).minorUnits
        } catch {
            throw PurseCheckoutError(
                .sessionMalformed,
                message: "\(amountReader?.path ?? "paymentSession.amount"): not a valid \(currency.code) amount"
            )
        }
        guard amountMinor >= 0 else {
            throw PurseCheckoutError(.sessionMalformed, message: "paymentSession.amount: negative")
        }

        // Each method's id (`partner-method`) is built once, here, for every use below.
        var primaries: [PrimaryMethod] = []
        var primaryIDs: [String] = []
        var secondaries: [SecondaryMethod] = []
        var secondaryIDs: [String] = []
        var tokens: [PaymentToken] = []
        var savedSecondaries: [SavedSecondaryToken] = []
        // Saved instruments follow their method's position, which is the position of the first method with the
        // same id: their own method's, unless the id has more than one `-` (then another partner and method may
        // spell the same id, and the positions are looked up by id as before).
        var tokenPositions: [Int] = []
        var savedPositions: [Int] = []
        var ambiguousIDs = false
        var unstable: [String] = []
        var hidden: [String] = []
        primaries.reserveCapacity(source.protocols.count)
        primaryIDs.reserveCapacity(source.protocols.count)
        for (entry, id) in zip(source.protocols, ids) {
            // Written out only for a method that has saved instruments (most have none).
            var tokenPath: String { "paymentSession.protocols.\(entry.partner).\(entry.method).integrated_tokens" }
            guard entry.configuration.stable else {
                unstable.append(id)
                continue
            }
            // An information request (save a card, pay nothing) offers only the methods that register off session.
            // (and whose `save_token` and `save_token_mode` let them save one).
            if source.isInformationRequest
                && (entry.isSecondary || entry.configuration.registrationMode?.uppercased() != "OFF_SESSION"
                    || !entry.configuration.allowsSaving)
            {
                hidden.append(id)
                continue
            }
            if entry.isSecondary {
                secondaries.append(
                    SecondaryMethod(
                        partner: entry.partner, method: entry.method, configuration: entry.configuration,
                        contractsSlot: entry.contractsSlot))
                secondaryIDs.append(id)
                for (offset, raw) in entry.integratedTokens.enumerated() {
                    let reader = JSONReader(raw, path: "\(tokenPath)[\(offset)]") {
                        PurseCheckoutError(.sessionMalformed, message: $0)
                    }
                    savedSecondaries.append(try decodeSavedSecondary(reader, entry: entry))
                    savedPositions.append(entry.configuration.position)
                    ambiguousIDs = ambiguousIDs || Self.hasSeveralDashes(id)
                }
            } else {
                primaries.append(
                    PrimaryMethod(
                        partner: entry.partner, method: entry.method, configuration: entry.configuration,
                        contractsSlot: entry.contractsSlot))
                primaryIDs.append(id)
                for (offset, raw) in entry.integratedTokens.enumerated() {
                    let reader = JSONReader(raw, path: "\(tokenPath)[\(offset)]") {
                        PurseCheckoutError(.sessionMalformed, message: $0)
                    }
                    tokens.append(try decodePaymentToken(reader, entry: entry))
                    tokenPositions.append(entry.configuration.position)
                    ambiguousIDs = ambiguousIDs || Self.hasSeveralDashes(id)
                }
            }
        }
        primaries = sortedByPosition(primaries, position: \.position, ids: primaryIDs)
        if ambiguousIDs {
            let positions = Dictionary(
                zip(ids, source.protocols.lazy.map(\.configuration.position)), uniquingKeysWith: { first, _ in first })
            tokenPositions = tokens.map { positions[$0.methodID] ?? Int.max }
            savedPositions = savedSecondaries.map { positions[$0.methodID] ?? Int.max }
        }
        // Within a method, the wallet's order.
        tokens = stableSorted(tokens, keys: tokenPositions)
        savedSecondaries = stableSorted(savedSecondaries, keys: savedPositions)
        secondaries = sortedByPosition(secondaries, position: \.position, ids: secondaryIDs)
        return ClientSession(
            apiKey: apiKey, entityID: entityID, environment: environment, apiRoots: roots,
            walletSession: walletSession, source: source, amountMinorUnits: amountMinor, currency: currency,
            primaryMethods: primaries, secondaryMethods: secondaries, paymentTokens: tokens,
            savedSecondaryTokens: savedSecondaries, unstableMethodIDs: unstable.sorted(),
            informationRequestHiddenIDs: hidden.sorted())
    }

    /// Sorts by a key (`keys[i]` is `elements[i]`'s), keeping the original order among equal keys.
    static func stableSorted<Element>(_ elements: [Element], keys: [Int]) -> [Element] {
        elements.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { elements[$0] }
    }

    /// Whether an id (`partner-method`) has a `-` besides the one `itemID` puts between partner and method.
    static func hasSeveralDashes(_ id: String) -> Bool {
        var dashes = 0
        for byte in id.utf8 where byte == UInt8(ascii: "-") {
            dashes += 1
            if dashes > 1 { return true }
        }
        return false
    }

    /// Sorts methods by position, then id (`ids[i]` is `elements[i]`'s, built once by the caller: building an id at
    /// every comparison was 29 % of decoding a real session, callgrind at 10× size).
    static func sortedByPosition<Element>(
        _ elements: [Element], position: (Element) -> Int, ids: [String]
    ) -> [Element] {
        let positions = elements.map(position)
        // Positions first, ids only between equal positions (a tuple of both copied two ids at every comparison).
        return elements.indices.sorted { left, right in
            positions[left] != positions[right] ? positions[left] < positions[right] : ids[left] < ids[right]
        }.map { elements[$0] }
    }

    /// The payment session, and each of its protocols' `itemID` in order.
    static func decodePaymentSession(
        _ reader: JSONReader, deferred: DeferredValues?, scanned: [SessionProtocol]?
    ) throws(PurseCheckoutError) -> (LegacyPaymentSession, [String]) {
        let id = try reader.required("id").string()
        let currencyCode = try reader.required("currency_code").string()
        guard currencyCode.count == 3, currencyCode.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PurseCheckoutError(
                .sessionMalformed, message: "\(reader.child("currency_code")): not an ISO 4217 code")
        }
        let expiration = try reader.required("expiration_date").date()
        let informationRequest = try reader.bool("information_request") ?? false
        let amount = try reader.decimal("amount")
        if amount == nil && !informationRequest {
            throw PurseCheckoutError(.sessionMalformed, message: "\(reader.child("amount")): missing")
        }
        let redirectionURL = try reader.optional("redirection")?.url()
        let successURL = try reader.optional("success")?.url()
        let returnURL = redirectionURL ?? successURL
        let failureURL = try reader.optional("failure")?.url()
        let vendorData = try reader.optional("vault")?.optional("vendor_front_data")
        let tenant = try vendorData?.optional("purse")?.string("tenant_id")
        let pciMerchant = try vendorData?.optional("pci_proxy")?.string("merchant_id")

        let protocols: [SessionProtocol]
        if let scanned {
            protocols = scanned
        } else {
            protocols = try decodeProtocols(reader.required("protocols"), deferred: deferred)
        }
        // By index: a closure over the elements copied each protocol whole.
        var ids: [String] = []
        ids.reserveCapacity(protocols.count)
        for index in protocols.indices { ids.append(itemID(protocols[index].partner, protocols[index].method)) }
        let session = LegacyPaymentSession(
            id: id, amount: amount, currencyCode: currencyCode.uppercased(), expirationDate: expiration,
            isInformationRequest: informationRequest, returnURL: returnURL, failureURL: failureURL,
            purseVaultTenantID: tenant, pciProxyMerchantID: pciMerchant, protocols: protocols, ids: ids,
            sharedWalletUser: try reader.optional("wallet")?.bool("shared_wallet_user"))
        return (session, ids)
    }

    /// `paymentSession.protocols`, by partner then method.
    static func decodeProtocols(
        _ reader: JSONReader, deferred: DeferredValues?
    ) throws(PurseCheckoutError) -> [SessionProtocol] {
        var protocols: [SessionProtocol] = []
        for (partnerKey, methods) in try reader.members() {
            for (methodKey, entry) in try methods.members() {
                var configuration = try MethodConfiguration(reading: entry.required("configurations"))
                let tokens = try entry.optional("integrated_tokens")?.elements().map(\.value) ?? []
                let contracts: JSONSlot?
                if let deferred {
                    // Read from a document built to `widgetDataShape`: the whole configurations and the contracts
                    // are still text.
                    let path = ["paymentSession", "protocols", partnerKey, methodKey]
                    if let raw = deferred.slot(path + ["configurations"]) { configuration.rawSlot = raw }
                    contracts = deferred.slot(path + ["contracts"])
                } else {
                    contracts = try entry.optional("contracts").map { .built($0.value) }
                }
                protocols.append(
                    SessionProtocol(
                        partner: Partner(rawValue: partnerKey), method: PaymentMethodType(rawValue: methodKey),
                        configuration: configuration, integratedTokens: tokens, contractsSlot: contracts))
            }
        }
        return protocols
    }

    static func decodeRoots(_ reader: JSONReader?, defaults: APIRoots) throws(PurseCheckoutError) -> APIRoots {
        guard let reader else { return defaults }
        var roots = defaults
        if let payment = try reader.optional("payment") { roots.payment = try serviceRoot(payment) }
        if let wallet = try reader.optional("wallet") { roots.wallet = try serviceRoot(wallet) }
        if let datetime = try reader.optional("datetime") { roots.datetime = try serviceRoot(datetime) }
        if let logs = try reader.optional("logs") { roots.logs = try serviceRoot(logs) }
        if let vault = try reader.optional("vault") { roots.vault = try serviceRoot(vault) }
        return roots
    }

    /// A service root receives the API key and card data: https only, except plain http to a loopback host
    /// (a local sandbox).
    static func serviceRoot(_ reader: JSONReader) throws(PurseCheckoutError) -> URL {
        let url = try reader.url()
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || (scheme == "http" && LoopbackHost.isLoopback(url.host)) else {
            throw reader.fail("expected an https URL (http only for a loopback host)")
        }
        return url
    }

    static func decodeWalletSession(_ reader: JSONReader) throws(PurseCheckoutError) -> WalletSession {
        WalletSession(
            sessionID: try reader.required("session_id").string(),
            ownerReference: try reader.required("owner_reference").string(),
            merchant: try reader.required("merchant").string(),
            expirationDate: try reader.date("expiration_date"))
    }

    static func decodePaymentToken(
        _ reader: JSONReader, entry: SessionProtocol
    ) throws(PurseCheckoutError) -> PaymentToken {
        let description = try reader.optional("description")
        let brand = try description?.string("brand_name")
        let isCard =
            entry.partner != .paypal && entry.configuration.template != "paypal_wallet"
            && brand?.uppercased() != "PAYPAL"
        let displayToken = try description?.string("display_token")
        let describedPAN = try description?.string("masked_pan")
        let maskedPAN = describedPAN ?? (isCard ? displayToken : nil)
        let networkToken = try reader.bool("network_token") ?? false
        let requiresCSC = try reader.bool("requires_csc") ?? !networkToken
        let ownLabel = try reader.string("label")
        let descriptionLabel = try description?.string("label")
        return PaymentToken(
            id: try reader.required("id").string(),
            partner: entry.partner, method: entry.method,
            name: try reader.string("name"),
            label: ownLabel ?? descriptionLabel ?? (isCard ? nil : displayToken),
            brand: brand, maskedPAN: maskedPAN,
            holderName: try description?.string("holder_name"),
            favorite: try reader.bool("favorite") ?? false,
            expirationDate: try reader.date("expiration_date"),
            isVaultedCard: isCard,
            requiresCVV: isCard && requiresCSC,
            vaultVendor: entry.configuration.vault?.vendor,
            status: try reader.string("status"),
            source: try reader.string("source").map(PaymentTokenSource.init(rawValue:)) ?? .merchant,
            savableToSharedWallet: try reader.bool("savable_to_shared_wallet") ?? false,
            createdAt: try reader.date("created_at"), updatedAt: try reader.date("updated_at"))
    }

    static func decodeSavedSecondary(
        _ reader: JSONReader, entry: SessionProtocol
    ) throws(PurseCheckoutError) -> SavedSecondaryToken {
        let description = try reader.optional("description")
        let name = try reader.string("name")
        let label = try reader.string("label")
        let maskedPAN = try description?.string("masked_pan")
        let displayToken = try description?.string("display_token")
        return SavedSecondaryToken(
            id: try reader.required("id").string(),
            partner: entry.partner, method: entry.method,
            name: name ?? label,
            maskedPAN: maskedPAN ?? displayToken,
            expirationDate: try reader.date("expiration_date"),
            favorite: try reader.bool("favorite") ?? false,
            balance: 0, totalBalance: nil, balanceResolved: false, disabled: nil)
    }
}
