public import Foundation

/// The VoiceOver announcements the SDK suggests at the moments that matter, as messages: a headless app posts
/// them (`AccessibilityNotification.Announcement(text).post()` in SwiftUI) after rendering them with
/// ``PurseHeadlessCheckout/localizedString(_:)``.
///
/// | moment | message | English |
/// |---|---|---|
/// | a card brand is detected | ``brandDetected(_:)`` | "Card brand: Visa" |
/// | a field becomes invalid | ``fieldInvalid(_:error:)`` | "Card number: This card number is not valid" |
/// | a gift card is applied | ``giftCardApplied(amount:restToPay:currency:)`` | "Gift card applied: €20.00 taken, €30.00 left to pay" |
/// | the payment is declined | ``paymentDeclined(_:)`` | "Payment declined. The payment was declined: try another payment method" |
/// | the payment is accepted | ``paymentSucceeded`` | "Payment accepted" |
public enum PurseAnnouncement {
    /// The brand once detected (`announcement.brandDetected`, argument `brand`), a choice to make when the card
    /// has several (`announcement.brandsDetected`), `nil` when `brands` is empty.
    public static func brandDetected(_ brands: [CardBrand]) -> PurseMessage? {
        switch brands.count {
        case 0: nil
        case 1: PurseMessage("announcement.brandDetected", [.init("brand", .text(brands[0].displayName))])
        default: PurseMessage("announcement.brandsDetected")
        }
    }

    /// A field and its error (`announcement.fieldInvalid`, arguments `field` and `error`): announce it when the
    /// error appears under the field.
    public static func fieldInvalid(_ field: CardField, error: PurseMessage) -> PurseMessage {
        PurseMessage(
            "announcement.fieldInvalid",
            [.init("field", .message(field.titleMessage)), .init("error", .message(error))])
    }

    /// A gift card applied, with what it takes and what is left to pay (`announcement.giftCardApplied`,
    /// arguments `amount` and `restToPay`; `announcement.giftCardCoversOrder` when nothing is left).
    public static func giftCardApplied(amount: Decimal, restToPay: Decimal, currency: Currency) -> PurseMessage {
        if restToPay <= 0 {
            return PurseMessage("announcement.giftCardCoversOrder", [.init("amount", .amount(amount, currency))])
        }
        return PurseMessage(
            "announcement.giftCardApplied",
            [.init("amount", .amount(amount, currency)), .init("restToPay", .amount(restToPay, currency))])
    }

    /// The payment declined, with the error's message for the shopper (`announcement.paymentDeclined`,
    /// argument `reason`).
    public static func paymentDeclined(_ error: PurseCheckoutError) -> PurseMessage {
        PurseMessage("announcement.paymentDeclined", [.init("reason", .message(error.localizedMessage))])
    }

    /// The payment accepted (`announcement.paymentSucceeded`).
    public static let paymentSucceeded = PurseMessage("announcement.paymentSucceeded")
}
