import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import Testing

/// The session's customer locale, end to end: given to the sandbox's merchant API, carried by the widget data,
/// read by the checkout as its default language.
@MainActor
struct CustomerLocaleTests {
    @Test("a session created with customer.locale_code fr-FR opens a French checkout; a configured locale wins")
    func sessionLocale() async throws {
        let sandbox = try PurseSandbox()
        let french = try sandbox.createClientSession(
            SandboxClientSessionRequest(amount: 4250, customerLocale: "fr-FR"))
        let checkout = try await PurseHeadlessCheckout(
            widgetData: french.widgetData,
            configuration: PurseCheckoutConfiguration(transport: SandboxTransport(sandbox)))
        #expect(checkout.session.customerLocale?.identifier(.bcp47) == "fr-FR")
        #expect(checkout.localizer.language == "fr")
        #expect(checkout.localizedString(CardField.pan.titleMessage) == "Numéro de carte")
        let spanish = try await PurseHeadlessCheckout(
            widgetData: french.widgetData,
            configuration: PurseCheckoutConfiguration(
                transport: SandboxTransport(sandbox), locale: Locale(identifier: "es")))
        #expect(spanish.localizer.language == "es")
        let none = try sandbox.createClientSession(SandboxClientSessionRequest(amount: 4250))
        let guest = try await PurseHeadlessCheckout(
            widgetData: none.widgetData, configuration: PurseCheckoutConfiguration(transport: SandboxTransport(sandbox))
        )
        #expect(guest.session.customerLocale == nil)
    }
}
