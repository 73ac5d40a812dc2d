import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Catalogue gift cards (`purse sandbox --catalogue`) and helpers shared by the gift-card integration tests.
enum Catalogue {
    static let illicado50 = (pan: "6003580000000000011", pin: "1234")
    static let illicadoEmpty = (pan: "6003580000000000029", pin: "1234")
    static let illicadoBlocked = (pan: "6003580000000000037", pin: "1234")
    static let illicadoExpired = (pan: "6003580000000000045", pin: "1234")
    static let buybox80 = (pan: "9250000000000018", pin: "123")
    static let buybox30 = "1250000000000017"
    static let ogloba100 = (pan: "7000000000000000014", pin: "4321")
    static let mybeezbox75 = "3000000000000013"
    static let easy2play25 = (pan: "8000000000000011", pin: "111")
    static let easy2play15 = (pan: "8000000000000029", pin: "222")
    static let easy2play10 = (pan: "8000000000000037", pin: "333")
    static let voucher10 = "VOUCHER10"
    static let voucher50 = "VOUCHER50XL"
    static let maxxing8 = "1234567890"
    static let savedGiftCard40 = "0b5e55ed-0000-4000-8000-000000000006"
    static let savedLookupFails = "0b5e55ed-0000-4000-8000-000000000007"
    static let savedSlow = "0b5e55ed-0000-4000-8000-000000000008"
    static let networkTokenCard = "0b5e55ed-0000-4000-8000-000000000002"
}

/// ANCV Connect as an app would register it (the SDK does not ship it on iOS): polls while `/init` is WAITING.
struct AncvConnectConfig: SecondaryConfig {
    let takePolicy = SecondaryTakePolicy.none
    var maximumPollCount = 60
    func requiresCVV(pan: String) -> Bool { false }
    func validatePAN(_ pan: String) -> Bool { pan.hasPrefix("ANCV") }
    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] { ["card": ["number": .string(pan)]] }
    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { [:] }
    func shouldPoll(_ initData: InitData) -> Bool { initData.status.state == .waiting }
    func classifyInitError(_ initData: InitData) -> PurseCheckoutError? {
        switch initData.status.code {
        case "ABORTED_BY_CUSTOMER": return PurseCheckoutError(.userActionRequestAbortedByCustomer)
        case "EXPIRED_AUTHORIZATION": return PurseCheckoutError(.userActionRequestHasExpired)
        default: return nil
        }
    }
}

extension PurseHeadlessCheckout {
    /// The offered secondary method `partner`/`method`.
    func secondary(_ partner: Partner, _ method: PaymentMethodType = .giftcard) throws -> SecondaryMethod {
        try #require(secondaryMethods.first { $0.partner == partner && $0.method == method })
    }

    /// Reads a card of `partner`/`method`.
    func read(
        _ partner: Partner, _ method: PaymentMethodType = .giftcard, pan: String, cvv: String? = nil
    ) async throws
        -> SecondaryToken
    {
        try await getSecondaryToken(method: secondary(partner, method), pan: pan, cvv: cvv)
    }

    /// The saved gift card `id`, as the checkout has it now.
    func savedGiftCard(_ id: String) throws -> SavedSecondaryToken {
        try #require(savedSecondaryTokens.first { $0.id == id })
    }
}

/// Collects the SDK's log lines.
final class LogCollector: Sendable {
    private let lines = Locked<[String]>([])

    var handler: @Sendable (PurseLogEntry) -> Void { { entry in self.lines.withLock { $0.append(entry.message) } } }

    var messages: [String] { lines.withLock { $0 } }
}

extension Harness {
    /// `/init` requests the sandbox received.
    var initCalls: Int { sandbox.stats().requests(.gatewayInit) }
}

/// Yields, then polls every millisecond, until `condition` holds; records an issue when it still does not hold
/// after `limit` of real time. The bound is real time (not a count of yields): on a loaded machine, under a
/// sanitizer, an answer over loopback may take seconds to come back.
func yieldUntil(
    isolation: isolated (any Actor)? = #isolation, limit: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async rethrows {
    let deadline = ContinuousClock.now + limit
    var spins = 0
    while ContinuousClock.now < deadline {
        if try condition() { return }
        spins += 1
        if spins < 1000 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))  // leave the actor to the work being waited for
        }
    }
    if try condition() { return }
    Issue.record("the condition still did not hold after \(limit)", sourceLocation: sourceLocation)
}
