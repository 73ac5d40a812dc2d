import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Who may read a card number: the SDK's fields by default, the app only after opting in to app-drawn fields.
@MainActor
@Suite("Card data access")
struct CardDataAccessTests {
    let opened = Retained()

    func cardElement(
        _ stub: GatewayStub = GatewayStub(), configure: ((inout PurseCheckoutConfiguration) -> Void)? = nil
    ) async throws -> (PurseHeadlessCheckout, PaymentElement, CardForm) {
        let checkout = try await CardSessions.open(stub: stub, configure: configure)
        opened.keep(checkout)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        return (checkout, element, try #require(element.cardForm))
    }

    @Test("by default the app gets no app-drawn fields, for the card form or a saved card's code")
    func defaultModeHasNoRawAccess() async throws {
        let (checkout, _, form) = try await cardElement()
        #expect(PurseCheckoutConfiguration().cardFields == .sdkSecureFields)
        #expect(form.appDrawnFields == nil)
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-cvv" })
        let field = try #require(checkout.paymentElement(for: .paymentToken(token)).cvvField)
        #expect(field.appDrawnField == nil)
        #expect(!field.isComplete && field.digitCount == 0)
    }

    @Test("the opt-in gives app-drawn fields that read and write the number and the code, and submit pays")
    func optInTypesAndPays() async throws {
        let stub = GatewayStub()
        let (checkout, element, form) = try await cardElement(stub) { $0.cardFields = .appDrawnFieldsInPCIScope }
        let fields = try #require(form.appDrawnFields)
        await element.prepare()
        fields.pan = "4111-1111-1111-1111"
        fields.expiry = "12/29"
        fields.cvv = "123"
        fields.holderName = "Ada Lovelace"
        await form.settleBrandLookup()
        #expect(fields.pan == "4111111111111111" && fields.formattedPAN == "4111 1111 1111 1111")
        #expect(fields.cvv == "123" && form.isValid)
        #expect("\(fields)" == "AppDrawnCardFields(card data hidden)")
        var dumped = ""
        dump(fields, to: &dumped)
        #expect(!dumped.contains("4111") && !dumped.contains("123"))
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" }))
        _ = await element.submitAndWait()
        #expect(stub.tokenizations.first?["card"]?["pan"]?.stringValue == "4111111111111111")
    }

    @Test("what a screen may show: first and last digits, a masked number, digit count, completeness, focus")
    func whatAScreenMayShow() async throws {
        let (_, element, form) = try await cardElement()
        await element.prepare()
        form.pan = "41111111111"
        await form.settleBrandLookup()
        // Incomplete: nothing of the number is shown, so that first and last digits never add up to all of it.
        #expect(form.firstDigits == nil && form.lastFourDigits == nil && form.maskedPAN == nil)
        #expect(form.panDigitCount == 11 && !form.isComplete(.pan))
        form.pan = "4111111111111111"
        await form.settleBrandLookup()
        #expect(form.firstDigits == "41111111" && form.lastFourDigits == "1111")
        #expect(form.maskedPAN == "•••• •••• •••• 1111")
        #expect(form.isComplete(.pan))
        form.pan = "378282246310005"
        await form.settleBrandLookup()
        #expect(form.firstDigits == "378282" && form.lastFourDigits == "0005")
        #expect(form.maskedPAN == "•••• •••••• •0005")
        form.expiry = "12"
        #expect(!form.isComplete(.expiry))
        form.expiry = "1229"
        #expect(form.isComplete(.expiry))
        form.cvv = "123"
        #expect(!form.isComplete(.cvv))  // American Express: four digits
        form.cvv = "1234"
        #expect(form.isComplete(.cvv))
        #expect(!form.isComplete(.holderName))
        form.holderName = "  "
        #expect(!form.isComplete(.holderName))
        #expect(form.focusedField == nil)
        form.focusedField = .cvv
        #expect(form.focusedField == .cvv)
    }

    @Test("the merchant's preferred network is the default of a co-badged card; the shopper's pick wins")
    func preferredNetwork() async throws {
        let stub = GatewayStub()
        let (checkout, element, form) = try await cardElement(stub) { $0.preferredCardBrand = .carteBancaire }
        await element.prepare()
        await fill(form, pan: "4970101122334455")
        #expect(form.detectedBrands == [.visa, .carteBancaire])
        #expect(form.preferredBrand == .carteBancaire && form.selectedBrand == nil)
        #expect(form.brand == .carteBancaire)
        try form.selectBrand(.visa)
        #expect(form.brand == .visa)
        try form.selectBrand(nil)
        #expect(form.brand == .carteBancaire)
        // A preference the card does not carry changes nothing.
        await fill(form, pan: "4111111111111111")
        #expect(form.brand == .visa)
        await fill(form, pan: "4970101122334455")
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" }))
        _ = await element.submitAndWait()
        #expect(stub.tokenizations.first?["card"]?["selected_network"]?.stringValue == "CARTE_BANCAIRE")
    }

    @Test("a network the method does not accept is refused with NOT_SUPPORTED_BRAND, the choice unchanged")
    func notSupportedBrand() async throws {
        let params = TestSessions.params(protocols: [CardSessions.cardMethod(brands: ["VISA", "MASTERCARD"])])
        let checkout = try await CardSessions.open(params)
        opened.keep(checkout)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        let form = try #require(element.cardForm)
        await element.prepare()
        await fill(form, pan: "4970101122334455")
        #expect(form.detectedBrands == [.visa])
        #expect(!form.offersBrandChoice)
        let refused = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.carteBancaire) }
        #expect(refused?.code == .notSupportedBrand)
        #expect(refused?.kind == .method)
        #expect(form.selectedBrand == nil && form.brand == .visa)
        let foreign = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.mastercard) }
        #expect(foreign?.code == .brandNotBelongsToDetected)
    }

    @Test("no brand detected yet: any pick is BRAND_NOT_BELONGS_TO_DETECTED")
    func nothingDetectedYet() async throws {
        let (_, _, form) = try await cardElement()
        let refused = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.visa) }
        #expect(refused?.code == .brandNotBelongsToDetected)
        #expect(refused.map { !"\($0)".contains("4") } ?? false)
    }
}
