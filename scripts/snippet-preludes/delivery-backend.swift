// The app's own backend client, as ApplePay.md names it: each call creates the client session of the order with
// another delivery choice or coupon code and returns its widget data.
final class DeliveryBackend: Sendable {
    func session(delivery: String) async throws -> String { "" }
    func session(coupon: String) async throws -> String { "" }
}
