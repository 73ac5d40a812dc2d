import Foundation
public import Observation

/// The headless card form of a fresh card: card number, expiry, security code and holder name, validated as
/// the shopper types into the SDK's fields.
///
/// ```swift
/// let element = checkout.paymentElement(for: .primaryMethod(card), listener: listener, redirect: presenter)
/// await element.prepare()
/// PaymentElementView(element)          // or PaymentElementUIView(element: element) in UIKit
/// element.cardForm?.brand              // .visa once detected
/// element.cardForm?.maskedPAN          // "•••• •••• •••• 1111" once the number is complete
/// element.isReady                      // true when every field is valid
/// ```
///
/// **Card data stays inside the SDK.** The card number and the security code go from the SDK's fields
/// (``PaymentElementView``, ``CardFieldView``, and their UIKit twins) into this form and from it to Purse's vault
/// at submit; no public member returns them. The form gives what a screen may show: the brands, the number's first
/// six or eight and last four digits once it is complete (``firstDigits``, ``lastFourDigits``, ``maskedPAN``),
/// each field's validity, error, completeness and focus. An app that draws its own card fields opts in with
/// ``PurseCheckoutConfiguration/cardFields`` and types through ``appDrawnFields`` (and takes on the PCI DSS scope
/// that comes with it); the testing kit's `testingFields` does the same in tests.
///
/// **Brands** come from the vault's BIN look-up, made once at least 6 digits are typed, on the first 8 digits,
/// never twice for the same prefix; only brands the method accepts are kept (``detectedBrands``). A co-badged
/// card lists several (Cartes Bancaires and Visa): the SDK's fields then show a network picker, the merchant's
/// ``PurseCheckoutConfiguration/preferredCardBrand`` is the default, and the shopper's choice
/// (``selectBrand(_:)``) wins; the chosen network is what the vault receives. Look-ups start when the element is
/// prepared. If the look-up fails, the brand comes from a local table of industry IIN ranges instead
/// (``brandSource`` is ``CardBrandSource/localFallback``). There is no debounce: typing makes at most three
/// look-ups (6, 7 and 8 digits), a pasted number one, and a superseded look-up is cancelled.
///
/// **Expiry** is checked against the checkout's clock (its estimate of server time, from
/// `PurseCheckoutConfiguration.now`), month by month in UTC, at most 20 years ahead.
///
/// Card data stays in this object until the vault tokenizes it at submit: its `description`, debug
/// description and mirror show none of it, and nothing of it is logged.
@MainActor
@Observable
public final class CardForm {
    // MARK: Input (the SDK's fields, the app-drawn opt-in and the testing kit)

    /// The card number, digits only: spaces, dashes and anything else typed or pasted are dropped, and at most
    /// 19 digits are kept. Internal: the SDK's fields and ``AppDrawnCardFields`` reach it.
    var pan: String {
        get { panDigits }
        set { edit(panChanged: true) { $0.panDigits = CardRules.digits(newValue, limit: CardRules.maxPANDigits) } }
    }

    /// The security code, digits only, at most four. Internal, as ``pan``.
    var cvv: String {
        get { code }
        set { edit { $0.code = CardRules.digits(newValue, limit: CardRules.maxCVVDigits) } }
    }

    /// The card number grouped for display (4-6-5 for American Express, 4-4-4-4(-3) otherwise). Internal, as
    /// ``pan``.
    var formattedPAN: String {
        get { CardRules.formatted(panDigits) }
        set { pan = newValue }
    }

    /// The expiry month as typed (`"7"` or `"07"`), digits only, at most two.
    public var expiryMonth: String {
        get { month }
        set { edit { $0.month = CardRules.digits(newValue, limit: 2) } }
    }

    /// The expiry year as typed, two or four digits (`"29"` or `"2029"`).
    public var expiryYear: String {
        get { year }
        set { edit { $0.year = CardRules.digits(newValue, limit: 4) } }
    }

    /// The expiry as one `MM/YY` text, for a single field: typing `1229` gives month `12` and year `29`
    /// (four year digits are kept too); the slash appears once the year starts.
    public var expiry: String {
        get { year.isEmpty ? month : month + "/" + year }
        set {
            let digits = CardRules.digits(newValue, limit: 6)
            edit {
                $0.month = String(digits.prefix(2))
                $0.year = String(digits.dropFirst(2))
            }
        }
    }

    /// The holder's date of birth as typed, day first, with its slashes (`"12/04/1985"`; `"1204"` reads
    /// `"12/04"`): digits only are kept, at most eight. An Oney card asks for it instead of a security code
    /// (``requiresBirthDate``); for any other card it is ignored. It never reaches the vault or a log: the app
    /// reads it back as ``isoBirthDate``.
    public var birthDate: String {
        get { CardRules.shownBirthDate(birth) }
        set { edit { $0.birth = CardRules.digits(newValue, limit: CardRules.birthDateDigits) } }
    }

    /// Whether the card asks for the holder's date of birth instead of a security code: an Oney card
    /// (``CardBrand/oney``). The SDK's fields then show ``CardField/birthDate`` in place of ``CardField/cvv``.
    public var requiresBirthDate: Bool { brand?.asksBirthDate == true }

    /// The date of birth as the API writes a date (`"1985-04-12"`), once the card asks for one and it is valid;
    /// `nil` otherwise. Purse's vault does not take it: an app whose Oney contract needs it sends it from its
    /// backend (the session's `customer.birth_date`).
    public var isoBirthDate: String? {
        guard requiresBirthDate, error(for: .birthDate) == nil else { return nil }
        return CardRules.isoBirthDate(birth)
    }

    /// The holder's name as printed on the card. Optional unless ``requiresHolderName``.
    public var holderName: String {
        get { holder }
        set { edit { $0.holder = newValue } }
    }

    /// The network the shopper picked for a co-badged card with ``selectBrand(_:)``, or `nil`.
    public var selectedBrand: CardBrand? { chosenBrand }

    /// Picks the network a co-badged card pays with (the shopper's choice, EU Regulation 2015/751, article 8);
    /// `nil` goes back to the merchant's ``preferredBrand`` or the card's main network. The SDK's network picker
    /// calls it; an app that draws its own picker offers ``detectedBrands``.
    ///
    /// - Throws: ``PurseCheckoutError/Code/brandNotBelongsToDetected`` when the card does not carry `brand` (or
    ///   no brand is detected yet); ``PurseCheckoutError/Code/notSupportedBrand`` when it does but the method does
    ///   not accept it. The choice is left as it was.
    public func selectBrand(_ brand: CardBrand?) throws {
        if let brand {
            guard detection.brands.contains(where: { $0.brand == brand }) else {
                throw PurseCheckoutError(
                    .brandNotBelongsToDetected,
                    message: "\(brand.rawValue) is not a network of this card: choose one of its detected networks")
            }
            guard supportedBrands.isEmpty || supportedBrands.contains(brand) else {
                throw PurseCheckoutError(
                    .notSupportedBrand, message: "\(brand.rawValue) is not a network this payment method accepts")
            }
        }
        edit { $0.chosenBrand = brand }
    }

    /// The network the merchant prefers for a co-badged card (``PurseCheckoutConfiguration/preferredCardBrand``),
    /// used when the card carries it, the method accepts it, and the shopper has not picked another.
    public var preferredBrand: CardBrand? { environment.preferredBrand }

    /// The form's app-drawn fields, or `nil` in the default mode: only a checkout whose
    /// ``PurseCheckoutConfiguration/cardFields`` is ``CardFieldOwnership/appDrawnFieldsInPCIScope`` gives them.
    public var appDrawnFields: AppDrawnCardFields? {
        environment.cardFields == .appDrawnFieldsInPCIScope ? AppDrawnCardFields(form: self) : nil
    }

    /// The field the shopper is typing in, as the SDK's fields report it; `nil` when none has the focus.
    public internal(set) var focusedField: CardField?

    /// The card number's first digits once it is complete (a length the brand accepts): eight for a number of 16
    /// digits or more, six for a shorter one, as PCI DSS allows a screen to show; `nil` before.
    public var firstDigits: String? {
        guard isPANComplete else { return nil }
        return String(panDigits.prefix(panDigits.count >= 16 ? 8 : 6))
    }

    /// The card number's last four digits once it is complete; `nil` before.
    public var lastFourDigits: String? { isPANComplete ? String(panDigits.suffix(4)) : nil }

    /// The card number masked for a summary once it is complete, in the brand's groups with only the last four
    /// digits shown (`•••• •••• •••• 1111`, `•••• •••••• •0005` for American Express); `nil` before.
    public var maskedPAN: String? {
        guard isPANComplete else { return nil }
        let masked = String(repeating: "•", count: panDigits.count - 4) + panDigits.suffix(4)
        return CardRules.grouped(masked, groups: CardRules.panGroups(panDigits))
    }

    /// How many digits the card number has (what a screen may show of a number it cannot read).
    public var panDigitCount: Int { panDigits.count }

    /// Whether `field` holds all it can: a number of a length the brand accepts, a month and a year, a code of the
    /// brand's length, a holder name that is not blank. A complete field may still be invalid (a number failing
    /// the Luhn check, an expired date): see ``error(for:)``.
    public func isComplete(_ field: CardField) -> Bool {
        switch field {
        case .pan: return isPANComplete
        case .expiry: return month.count == 2 && (year.count == 2 || year.count == 4)
        case .cvv: return acceptedCVVLengths.contains(code.count)
        case .holderName: return !holder.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case .birthDate: return birth.count == CardRules.birthDateDigits
        }
    }

    private var isPANComplete: Bool { acceptedPANLengths.contains(panDigits.count) }

    /// Whether the holder's name must be given (some acquirers ask for it). Default `false`.
    public var requiresHolderName: Bool {
        get { holderRequired }
        set { edit { $0.holderRequired = newValue } }
    }

    // MARK: What the form knows

    /// The brands of the card that the method accepts, main brand first; empty until detected.
    public var detectedBrands: [CardBrand] { acceptedDetection.map(\.brand) }

    /// The brand the card pays with: ``selectedBrand`` when it is detected, else ``preferredBrand`` when detected,
    /// else the main detected brand. It is the network the vault receives.
    public var brand: CardBrand? { chosen?.brand }

    /// Where the brands come from: the vault, or the local table after the vault's look-up failed; `nil`
    /// while nothing is known yet.
    public var brandSource: CardBrandSource? { detection.source }

    /// Whether a BIN look-up is under way.
    public var isLookingUpBrand: Bool { pendingPrefix != nil }

    /// Card-number lengths accepted for the brand (16 while the brand is unknown).
    public var acceptedPANLengths: [Int] { chosen?.acceptedPANLengths ?? [16] }

    /// Security-code lengths accepted for the brand (3 while the brand is unknown; 4 for American Express; none
    /// for Oney, which asks for a date of birth instead).
    public var acceptedCVVLengths: [Int] { chosen?.acceptedCVVLengths ?? [3] }

    /// Why `field` is not valid now, or `nil`. An empty required field is ``CardFieldError/cannotBeEmpty``.
    public func error(for field: CardField) -> CardFieldError? {
        switch field {
        case .pan:
            if panDigits.isEmpty { return .cannotBeEmpty }
            if !detection.brands.isEmpty && acceptedDetection.isEmpty { return .unsupportedBrand }
            return CardRules.panError(panDigits, lengths: acceptedPANLengths)
        case .expiry: return CardRules.expiryError(month: month, year: year, now: environment.now())
        case .cvv: return CardRules.cvvError(code, lengths: acceptedCVVLengths)
        case .holderName: return CardRules.holderNameError(holder, required: holderRequired)
        case .birthDate:
            return CardRules.birthDateError(birth, required: requiresBirthDate, now: environment.now())
        }
    }

    /// The message for `field`'s error as a key, or `nil` when the field is valid: the error's
    /// ``CardFieldError/localizedMessage(for:)``, except an expiry whose month is not 1 to 12 (`13/24`), whose
    /// message names the month typed (`cardFieldError.format.expiry.month`: "13 is not a month: enter a month
    /// from 01 to 12").
    public func errorMessage(for field: CardField) -> PurseMessage? {
        guard let error = error(for: field) else { return nil }
        if field == .expiry, error == .format, let value = Int(month), !(1...12).contains(value) {
            return PurseMessage("cardFieldError.format.expiry.month", [.init("month", .text(month))])
        }
        return error.localizedMessage(for: field)
    }

    /// Every field's error, by field (valid fields are absent).
    public var errors: [CardField: CardFieldError] {
        var errors: [CardField: CardFieldError] = [:]
        for field in CardField.allCases { errors[field] = error(for: field) }
        return errors
    }

    /// Whether every field is valid: the element is ready when this is true.
    public var isValid: Bool { CardField.allCases.allSatisfy { error(for: $0) == nil } }

    // MARK: State

    private var panDigits = ""
    private var month = ""
    private var year = ""
    private var code = ""
    private var holder = ""
    private var birth = ""
    private var chosenBrand: CardBrand?
    private var holderRequired = false
    /// BIN look-up answers, by prefix (6 to 8 digits).
    private var answers: [String: [DetectedCardBrand]] = [:]
    /// Prefixes whose look-up failed (the local table stands in).
    private var failedPrefixes: Set<String> = []
    /// The prefix whose look-up is under way.
    private var pendingPrefix: String?

    @ObservationIgnored let supportedBrands: Set<CardBrand>
    @ObservationIgnored var environment: CardEnvironment = .unbound
    /// Whether look-ups may run (the element is prepared).
    @ObservationIgnored private var isActive = false
    @ObservationIgnored private let lookup = CancellingTask()
    /// Incremented by every change: a cached form token is only reused for the same revision.
    @ObservationIgnored private(set) var revision = 0
    /// Called before a change (the element's `objectWillChange`).
    @ObservationIgnored var onWillChange: (@MainActor () -> Void)?
    /// Called after a change that may change validity.
    @ObservationIgnored var onDidChange: (@MainActor () -> Void)?

    /// A form for a method accepting `supportedBrands` (empty: any brand).
    init(supportedBrands: [String]) {
        self.supportedBrands = Set(supportedBrands.map(CardBrand.init(rawValue:)))
    }

    private func edit(panChanged: Bool = false, _ change: (CardForm) -> Void) {
        onWillChange?()
        change(self)
        revision += 1
        if panChanged { lookUpBrandIfNeeded() }
        onDidChange?()
    }

    // MARK: Brand detection

    /// What is known of the current number's brands: the answer for its longest looked-up prefix.
    private var detection: (brands: [DetectedCardBrand], source: CardBrandSource?) {
        guard panDigits.count >= 6 else { return ([], nil) }
        for length in stride(from: min(8, panDigits.count), through: 6, by: -1) {
            let prefix = String(panDigits.prefix(length))
            if let answer = answers[prefix] { return (answer, .vault) }
            if failedPrefixes.contains(prefix) {
                let local = CardBrand.localDetection(panDigits)
                let brands = local.enumerated().map { DetectedCardBrand.local($0.element, isMain: $0.offset == 0) }
                return (brands, .localFallback)
            }
        }
        return ([], nil)
    }

    /// The detected brands the method accepts, main brand first.
    private var acceptedDetection: [DetectedCardBrand] {
        let accepted = detection.brands.filter { supportedBrands.isEmpty || supportedBrands.contains($0.brand) }
        return accepted.filter(\.isMain) + accepted.filter { !$0.isMain }
    }

    private var chosen: DetectedCardBrand? {
        let accepted = acceptedDetection
        if let chosenBrand, let match = accepted.first(where: { $0.brand == chosenBrand }) { return match }
        if let preferred = environment.preferredBrand, let match = accepted.first(where: { $0.brand == preferred }) {
            return match
        }
        return accepted.first
    }

    /// The prefix to look up for the current number: its first 8 digits (6 or 7 while shorter), or `nil`
    /// under 6 digits.
    var lookupPrefix: String? { panDigits.count >= 6 ? String(panDigits.prefix(8)) : nil }

    /// Lets look-ups run (the element was prepared) and starts the one the current number needs.
    func activate() {
        isActive = true
        lookUpBrandIfNeeded()
    }

    private func lookUpBrandIfNeeded() {
        guard isActive, let vault = environment.vault else { return }
        let prefix = lookupPrefix
        guard prefix != pendingPrefix else { return }
        lookup.replace(with: nil)
        pendingPrefix = nil
        guard let prefix, answers[prefix] == nil, !failedPrefixes.contains(prefix) else { return }
        guard let scope = environment.scope() else { return }  // the checkout was torn down: nothing more is sent
        pendingPrefix = prefix
        let log = environment.log
        lookup.replace(
            with: Task { [weak self] in
                do throws(PurseCheckoutError) {
                    let brands = try await vault.binLookup(firstDigits: prefix)
                    guard let self else { return }
                    guard self.environment.scope() == scope else { return self.lookupOutlived(prefix) }
                    self.finishLookup(prefix, brands: brands)
                } catch  where error.code == .requestCancelled {
                    return  // superseded by a newer prefix
                } catch {
                    if Task.isCancelled { return }
                    guard let self else { return }
                    guard self.environment.scope() == scope else { return self.lookupOutlived(prefix) }
                    log.warning("BIN look-up failed (\(error.code)): brands come from the local IIN table")
                    self.finishLookup(prefix, brands: nil)
                }
            })
    }

    private func finishLookup(_ prefix: String, brands: [DetectedCardBrand]?) {
        guard pendingPrefix == prefix else { return }
        onWillChange?()
        pendingPrefix = nil
        if let brands { answers[prefix] = brands } else { failedPrefixes.insert(prefix) }
        onDidChange?()
    }

    /// A look-up whose checkout was torn down or moved onto another session while it ran: its answer is dropped
    /// (the form changes only for its checkout as it is now), and a checkout still open looks the number up again.
    private func lookupOutlived(_ prefix: String) {
        guard pendingPrefix == prefix else { return }
        pendingPrefix = nil
        environment.log.info("BIN look-up answer discarded: the checkout changed while it ran")
        lookUpBrandIfNeeded()
    }

    /// Waits for the look-up of the current number, if one is under way (submit sends the right network); a
    /// look-up started again after a session change is waited for too.
    func settleBrandLookup() async {
        for _ in 0..<3 {
            guard pendingPrefix != nil, let task = lookup.current else { return }
            await task.value
        }
    }

    // MARK: Submission

    /// The card to tokenize, or `nil` when a field is not valid.
    func vaultCard(saveToken: Bool?) -> VaultCard? {
        guard isValid, let expiry = CardRules.expiry(month: month, year: year) else { return nil }
        let name = holder.trimmingCharacters(in: .whitespacesAndNewlines)
        return VaultCard(
            pan: panDigits, expiryMonth: expiry.month, expiryYear: expiry.year,
            cvv: acceptedCVVLengths.isEmpty ? nil : code, holderName: name.isEmpty ? nil : name, saveToken: saveToken,
            selectedNetwork: brand ?? detection.brands.first?.brand ?? .visa)
    }
}

/// Where a card form's brands come from.
public enum CardBrandSource: String, Sendable, Hashable {
    /// The vault's BIN look-up answered.
    case vault
    /// The look-up failed; the brand was guessed from industry IIN ranges (Cartes Bancaires cannot be).
    case localFallback
}

extension CardForm: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A fixed text: never a digit of the card.
    public nonisolated var description: String { "CardForm(card data hidden)" }
    /// Same as ``description``.
    public nonisolated var debugDescription: String { description }
    /// A mirror with no card data, so that `dump(form)` prints none.
    public nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}
