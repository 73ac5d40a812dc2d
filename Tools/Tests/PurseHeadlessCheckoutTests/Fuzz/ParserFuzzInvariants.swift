import Foundation

@_spi(PurseTools) @testable import PurseHeadlessCheckout

// The invariants of the fuzz targets fuzz-loan, fuzz-status, fuzz-hint and fuzz-amount (the parsers of loan
// simulation answers, payment status reports, the return's `purse-redirection-data`, and amounts a shopper types),
// shared with `FuzzRegressionTests` through the symbolic links of Fuzz/Targets/FuzzHeadlessInvariants, as
// FuzzInvariants.swift is.

/// Splits fuzz bytes into fields at each 0x00; a field that is exactly 0xFF is absent (`nil`).
func fuzzFields(_ bytes: ArraySlice<UInt8>, count: Int) -> [String?] {
    var fields = bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map {
        field -> String? in field.elementsEqual([0xFF]) ? nil : String(decoding: field, as: UTF8.self)
    }
    while fields.count < count { fields.append(nil) }
    return fields
}

// MARK: - Loan simulation answers

package enum LoanFuzzInvariants {
    static let currencies = [Currency.eur, Currency(code: "JPY"), Currency(code: "KWD")]
    static let when = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// Byte 0 picks the currency, bytes 1…4 the amount asked (minor units), the rest is the answer's JSON. The
    /// reading refuses with `INVALID_LOAN_SIMULATION` only; a plan it accepts is exact: its instalments add up to
    /// the total, the total is the amount plus the cost, every amount exposed is one of the schedule's, every due
    /// date follows the one before.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        guard bytes.count >= 5 else { return }
        let currency = currencies[Int(bytes[0]) % currencies.count]
        let asked = bytes[1..<5].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard let value = try? JSONValue.parse(Data(bytes[5...])) else { return }
        let reading = LoanSimulationReading(
            methodID: "oney-cb3x", requested: Money(minorUnits: asked, currency: currency),
            basis: LoanSimulationBasis(sessionID: "s", orderAmount: 1, amount: 1), simulatedAt: when)
        let plan: LoanSimulation
        do {
            plan = try reading.read(value, what: "fuzz")
        } catch {
            try fuzzRequire(error.code == .invalidLoanSimulation, "a loan answer refused with \(error.code)")
            try fuzzCheckScrubbed(error)
            return
        }
        let amounts = plan.schedule.map(\.amount)
        try fuzzRequire(
            (1...LoanSimulationReading.maximumInstallments).contains(plan.installmentCount)
                && amounts.count == plan.installmentCount, "a plan of \(plan.installmentCount) instalments")
        try fuzzRequire(amounts.allSatisfy { $0 >= 0 } && plan.totalCost >= 0, "a negative amount in a plan")
        try fuzzRequire(amounts.reduce(0, +) == plan.totalAmount, "instalments that do not add up to the total")
        try fuzzRequire(
            plan.totalAmount == plan.amount + plan.totalCost, "a total that is not the amount plus the cost")
        try fuzzRequire(
            plan.amount == Money(minorUnits: asked, currency: currency).decimal, "a plan of another amount than asked")
        try fuzzRequire(
            plan.initialInstallmentAmount == amounts.first && plan.finalInstallmentAmount == amounts.last
                && plan.installmentAmount == amounts[min(1, amounts.count - 1)],
            "an exposed instalment amount that is not the schedule's")
        try fuzzRequire(
            zip(plan.schedule, plan.schedule.dropFirst()).allSatisfy { $0.dueDate < $1.dueDate }
                && plan.schedule.first?.dueDate == when, "due dates out of order")
        try fuzzRequire(
            plan.schedule.map(\.number) == Array(1...plan.installmentCount), "instalments numbered out of order")
    }
}

// MARK: - Payment status reports

package enum StatusFuzzInvariants {
    /// The bytes are the report's four fields (session status, payment id, authorization status, refusal code),
    /// split at 0x00. The reading is total and depends on the authorization status alone, ignoring its case:
    /// authorized only for `AUTHORIZED`, refused only for `REFUSED`/`ABORTED`/`ERROR` with a non-empty code.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let fields = fuzzFields(bytes[...], count: 4)
        let report = PaymentStatusReport(
            clientSessionStatus: fields[0], paymentID: fields[1], authorizationStatus: fields[2],
            refusalCode: fields[3])
        let reading = PaymentStatus.reading(report)
        let status = fields[2]?.uppercased()
        switch reading {
        case .final(.authorized(let paymentID)):
            try fuzzRequire(
                status == "AUTHORIZED" && paymentID == report.paymentID, "authorized from \(status ?? "nil")")
        case .final(.refused(let code)):
            try fuzzRequire(["REFUSED", "ABORTED", "ERROR"].contains(status ?? ""), "refused from \(status ?? "nil")")
            try fuzzRequire(!code.isEmpty, "a refusal without a code")
            try fuzzRequire(
                code == (report.refusalCode.flatMap { $0.isEmpty ? nil : $0 } ?? status), "a refusal's code changed")
        case .final(.pending), .final(.unknown):
            throw FuzzViolation(description: "a final reading that is not final")
        case .pending:
            try fuzzRequire(status == "PENDING", "pending from \(status ?? "nil")")
        case .noPayment:
            try fuzzRequire(report.authorizationStatus == nil && report.paymentID == nil, "no payment with a payment")
        case .unreadable:
            try fuzzRequire(
                !["AUTHORIZED", "REFUSED", "ABORTED", "ERROR", "PENDING"].contains(status ?? ""),
                "a known status \(status ?? "nil") read as unreadable")
        }
        // The session status never decides, and the case of the authorization status does not matter.
        var other = report
        other.clientSessionStatus = report.clientSessionStatus == nil ? "COMPLETED" : nil
        other.authorizationStatus = report.authorizationStatus?.lowercased()
        let again = PaymentStatus.reading(other)
        var same = again == reading
        if case .unreadable = again, case .unreadable = reading { same = true }  // the reason quotes the status as sent
        try fuzzRequire(
            same || status != other.authorizationStatus?.uppercased(),
            "the reading depends on the session status or the status's case")
    }
}

// MARK: - Return data (`purse-redirection-data`)

package enum HintFuzzInvariants {
    /// Byte 0 picks the mode. Odd: the rest is a raw value, read as is (at most 16 KiB, three segments, JSON
    /// objects, or `nil`). Even: the rest is a JWS payload, wrapped in a well-formed token: it reads exactly when it
    /// is a JSON object, and then its four claims are the object's strings. Either way the value reads the same
    /// inside a return URL's query.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        guard let mode = bytes.first else { return }
        let rest = Data(bytes.dropFirst())
        let value: String
        if mode % 2 == 1 {
            value = String(decoding: rest, as: UTF8.self)
        } else {
            value = Base64.encodeURLSafe(Data(#"{"alg":"HS256"}"#.utf8)) + "." + Base64.encodeURLSafe(rest) + ".c2ln"
        }
        let hint = RedirectionData(value: value)
        if let hint {
            let segments = value.split(separator: ".", omittingEmptySubsequences: false)
            try fuzzRequire(
                segments.count == 3 && value.utf8.count <= RedirectionData.maximumLength, "a hint from a non-JWS value")
            guard case .object(let claims)? = try? JSONValue.parse(Base64.decode(String(segments[1])) ?? Data()) else {
                throw FuzzViolation(description: "a hint whose payload is not a JSON object")
            }
            try fuzzRequire(
                hint.clientSessionID == claims["client_session_id"]?.stringValue
                    && hint.paymentID == claims["payment_id"]?.stringValue
                    && hint.authorizationStatus == claims["authorization_status"]?.stringValue
                    && hint.clientSessionStatus == claims["client_session_status"]?.stringValue,
                "a hint's claims differ from its payload's")
            try fuzzRequire(
                hint.namesAnotherSession(than: hint.clientSessionID ?? "") == false,
                "a hint names another session than its own")
        } else if mode % 2 == 0, rest.count < RedirectionData.maximumLength / 2 {
            if case .object? = try? JSONValue.parse(rest) {
                throw FuzzViolation(description: "a well-formed token with an object payload was not read")
            }
        }
        var components = URLComponents(string: "https://shop.example/return")
        components?.queryItems = [URLQueryItem(name: "purse-redirection-data", value: value)]
        if let url = components?.url {
            try fuzzRequire(RedirectionData(returnURL: url) == hint, "the value reads otherwise inside a return URL")
        }
    }
}

// MARK: - Amounts a shopper types

package enum AmountFuzzInvariants {
    static let localizers = ["en", "fr", "de"].map { PurseLocalizer(locale: Locale(identifier: $0)) }
    static let currencies = [Currency.eur, Currency(code: "JPY"), Currency(code: "KWD")]

    /// The bytes are the text typed (at most 64 bytes). In English, French and German, for EUR, JPY and KWD: nothing
    /// or an amount above zero with no more decimals than the currency has; surrounding spaces change nothing; an
    /// amount written back in plain digits (point and digits only, which every locale reads when it has fewer than
    /// three decimals) reads the same.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        guard bytes.count <= 64 else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        for localizer in localizers {
            for currency in currencies {
                guard let amount = localizer.parseAmount(text, currency: currency) else { continue }
                try fuzzRequire(amount > 0, "a typed amount of \(amount)")
                let minor = try? Money(decimal: amount, currency: currency).minorUnits
                try fuzzRequire(minor != nil, "a typed amount with more decimals than \(currency.code) has")
                try fuzzRequire(
                    localizer.parseAmount(" \(text)\u{00A0}", currency: currency) == amount,
                    "surrounding spaces changed a typed amount")
                let written = "\(amount)"
                let decimals = written.split(separator: ".").dropFirst().first?.count ?? 0
                if decimals < 3 {
                    try fuzzRequire(
                        localizer.parseAmount(written, currency: currency) == amount,
                        "\(written) did not read back as \(amount) in \(localizer.language)")
                }
            }
        }
    }
}

// MARK: - The update planner

/// Reads fuzz bytes as small numbers; past the end, zeros.
struct FuzzByteReader {
    private var bytes: ArraySlice<UInt8>
    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func number(below bound: Int64) -> Int64 {
        let value = (0..<4).reduce(Int64(0)) { value, _ in value << 8 | Int64(byte()) }
        return bound > 0 ? value % bound : 0
    }
    mutating func flag() -> Bool { byte() & 1 == 1 }
}

package enum PlannerFuzzInvariants {
    /// A sandbox session of the demo shopper (three gift card methods, saved cards and gift cards), 100.00 EUR.
    @MainActor static let base: ClientSession? = {
        let path = "Tests/PurseHeadlessCheckoutTests/Fixtures/sandbox-session-gift-cards.json"
        let url =
            FileManager.default.fileExists(atPath: path)
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/sandbox-session-gift-cards.json")
        guard let data = try? Data(contentsOf: url), let params = try? JSONValue.parse(data) else { return nil }
        return try? SessionDecoder.decode(params: params)
    }()

    static func session(
        _ base: ClientSession, amount: Int64, currency: Currency, primaries: [PrimaryMethod],
        secondaries: [SecondaryMethod]
    ) -> ClientSession {
        ClientSession(
            apiKey: base.apiKey, entityID: base.entityID, environment: base.environment, apiRoots: base.apiRoots,
            walletSession: base.walletSession, source: base.source, amountMinorUnits: amount, currency: currency,
            primaryMethods: primaries, secondaryMethods: secondaries, paymentTokens: base.paymentTokens,
            savedSecondaryTokens: base.savedSecondaryTokens, unstableMethodIDs: base.unstableMethodIDs,
            informationRequestHiddenIDs: base.informationRequestHiddenIDs)
    }

    /// The bytes choose an old checkout (its amount, primary, up to three typed gift cards with balances, totals
    /// and slices), a new session (amount, currency, methods withdrawn) and balance reads. The plan is total (never
    /// a trap, never an error for a non-negative amount) and right to the minor unit:
    /// - every share of the old split is reported once, in order; the kept and clamped ones, under their new ids,
    ///   are exactly the new split's secondary shares, with the amounts reported; a released one is not in it;
    /// - no share pays more than its balance (the balance read again when there is a read), the shares add up to at
    ///   most the new amount, and a share whose method the new session withdrew, or in another currency, is released;
    /// - typed cards kept are exactly the split's typed shares; the primary is kept only when the new session offers
    ///   it; the plan is open (`ready`, no attempt);
    /// - made again with every read it asked for, it asks for nothing more, and the same inputs plan the same state.
    /// Returns how many shares the old split had, so that a test can tell its seeds reach the planner's work.
    @discardableResult
    @MainActor package static func check(_ bytes: [UInt8]) throws(FuzzViolation) -> Int {
        guard let base else { throw FuzzViolation(description: "the planner's fixture session is missing") }
        var input = FuzzByteReader(bytes)
        let oldSession = session(
            base, amount: input.number(below: 10_000_000) + 1, currency: base.currency,
            primaries: base.primaryMethods, secondaries: base.secondaryMethods)
        guard let state = try? CheckoutState(session: oldSession, serverClockOffset: 0) else {
            throw FuzzViolation(description: "the planner's old state could not be built")
        }
        let opened = base.expirationDate.addingTimeInterval(-60)
        let checkout = PurseHeadlessCheckout(
            restoredState: state, configuration: PurseCheckoutConfiguration(now: { opened }))
        let primaryChoice = Int(input.byte()) % (base.primaryMethods.count + 1)
        if primaryChoice < base.primaryMethods.count { try? checkout.setPrimary(base.primaryMethods[primaryChoice]) }
        for index in 0..<Int(input.byte() % 4) where !base.secondaryMethods.isEmpty {
            let method = base.secondaryMethods[Int(input.byte()) % base.secondaryMethods.count]
            let balance = input.number(below: 5_000_000)
            let extra = input.flag() ? input.number(below: 100_000) : nil
            let token = reading(
                id: "typed-\(index)", partner: method.partner, method: method.method, pan: "600358000000000001\(index)",
                balance: balance, total: extra.map { balance + $0 }, on: oldSession)
            if input.flag() {
                let slice = Money(minorUnits: input.number(below: 5_000_000) + 1, currency: oldSession.currency)
                try? checkout.applySecondary(token, amount: slice.decimal)
            } else {
                try? checkout.applySecondary(token)
            }
        }
        let withdrawnPrimaries = input.byte()
        let withdrawnSecondaries = input.byte()
        let newSession = session(
            base, amount: input.number(below: 10_000_001),
            currency: input.byte() == 0xFF ? Currency(code: "JPY") : base.currency,
            primaries: base.primaryMethods.enumerated().filter { withdrawnPrimaries >> ($0.offset % 8) & 1 == 0 }
                .map(\.element),
            secondaries: base.secondaryMethods.enumerated().filter { withdrawnSecondaries >> ($0.offset % 8) & 1 == 0 }
                .map(\.element))
        let target = UpdateTarget(
            session: newSession, roots: newSession.apiRoots,
            client: APIClient(
                transport: PurseCheckoutConfiguration().transport, timeout: .seconds(1), log: Logger(handler: nil)))
        var reads: [String: BalanceRead] = [:]
        for share in checkout.state.split.secondaryShares where input.flag() {
            guard let typed = checkout.state.secondaryTokens[share.id] else { continue }
            reads[share.id] = .typed(
                reading(
                    id: share.id + "-read", partner: typed.partner, method: typed.method, pan: typed.pan,
                    balance: input.number(below: 5_000_000), on: newSession))
        }
        let plan: UpdatePlan
        do {
            plan = try UpdatePlanner(checkout: checkout, target: target, reads: reads).plan()
        } catch {
            throw FuzzViolation(description: "the planner refused a non-negative amount: \(error.code)")
        }
        try checkPlan(plan, old: checkout.state, newSession: newSession, reads: reads)
        let again = try? UpdatePlanner(checkout: checkout, target: target, reads: reads).plan()
        try fuzzRequire(again?.state == plan.state && again?.report == plan.report, "the same inputs planned otherwise")
        // Every read the plan asked for, answered with the balance it asked: nothing more is asked.
        var answered = reads
        for request in plan.missingReads {
            guard case .typed(let token) = request.card else { continue }
            answered[request.shareID] = .typed(
                reading(
                    id: request.shareID + "-asked", partner: token.partner, method: token.method, pan: token.pan,
                    balance: request.asked, on: newSession))
        }
        if answered.count > reads.count {
            guard let replanned = try? UpdatePlanner(checkout: checkout, target: target, reads: answered).plan() else {
                throw FuzzViolation(description: "the planner refused a plan made again with its reads")
            }
            try fuzzRequire(replanned.missingReads.isEmpty, "a plan made again with its reads asks for more")
            try checkPlan(replanned, old: checkout.state, newSession: newSession, reads: answered)
        }
        return checkout.state.split.secondaryShares.count
    }

    /// A gift card's reading on `session`: its balance (and total, when the issuer said it) in minor units.
    static func reading(
        id: String, partner: Partner, method: PaymentMethodType, pan: String, balance: Int64, total: Int64? = nil,
        on session: ClientSession
    ) -> SecondaryToken {
        SecondaryToken(
            id: id, partner: partner, method: method, pan: pan, cvv: nil, balanceMinorUnits: balance,
            totalBalance: total.map { Money(minorUnits: $0, currency: session.currency).decimal },
            currency: session.currency, canBeRegistered: false, expirationDate: nil, partnerReference: nil, stepID: nil,
            pluginResult: .object([:]), sessionID: session.id)
    }

    @MainActor static func checkPlan(
        _ plan: UpdatePlan, old: CheckoutState, newSession: ClientSession, reads: [String: BalanceRead]
    ) throws(FuzzViolation) {
        let split = plan.state.split
        let currency = newSession.currency
        try fuzzRequire(split.amount.minorUnits == newSession.amountMinorUnits, "the new split is of another amount")
        try fuzzRequire(split.secondaryTotal <= split.amount.minorUnits, "the shares pay more than the order")
        try fuzzRequire(plan.state.phase == .ready && plan.state.attempt == nil, "a plan that is not open")
        let updates = plan.report.secondaryShares
        try fuzzRequire(
            updates.map(\.id) == old.split.secondaryShares.map(\.id),
            "the report does not list every old share in order")
        let currencyChanged = newSession.currency != old.session.currency
        var placed: [String] = []
        for update in updates {
            let offered = newSession.secondaryMethods.contains {
                "\($0.partner.rawValue)-\($0.method.rawValue)" == update.methodID
            }
            switch update.outcome {
            case .released(let reason):
                try fuzzRequire(update.newID == nil, "a released share with a new id")
                try fuzzRequire(
                    !currencyChanged || reason == .currencyChanged, "a change of currency released otherwise")
                try fuzzRequire(
                    currencyChanged || offered || reason == .methodRemoved, "a withdrawn method released otherwise")
            case .kept(let amount), .clamped(_, let amount):
                try fuzzRequire(!currencyChanged, "a share kept across a change of currency")
                try fuzzRequire(offered, "a share kept although its method was withdrawn")
                guard let id = update.newID, let share = split.share(id: id) else {
                    throw FuzzViolation(description: "a share reported kept is not in the split")
                }
                placed.append(id)
                try fuzzRequire(
                    Money(minorUnits: share.amount, currency: currency).decimal == amount,
                    "a share pays another amount than reported")
                let before = old.split.secondaryShares.first { $0.id == update.id }
                let balance = reads[update.id]?.balance ?? before?.balance ?? 0
                try fuzzRequire(share.amount <= balance && share.amount > 0, "a share pays more than its balance")
            }
        }
        try fuzzRequire(split.secondaryShares.map(\.id) == placed, "the split's shares are not the ones reported kept")
        try fuzzRequire(
            plan.state.secondaryTokens.keys.allSatisfy { placed.contains($0) },
            "typed cards kept that are not in the split")
        if let primary = plan.state.primary {
            try fuzzRequire(
                newSession.primaryMethods.contains { $0.id == primary.id }
                    || newSession.paymentTokens.contains { $0.id == primary.id },
                "a primary kept that the new session does not offer")
        }
    }
}
