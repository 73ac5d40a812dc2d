import Foundation
import PurseCheckoutPayPal
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer

/// A sandbox reached in-process (counting) or over loopback HTTP (timing), with PayPal registered.
@MainActor
final class Bench {
    let sandbox: PurseSandbox
    let server: SandboxServer?
    let registry = PluginRegistry()

    init(loopback: Bool, catalogue: SandboxCatalogue = .standard) throws {
        sandbox = try PurseSandbox(configuration: SandboxConfiguration(catalogue: catalogue))
        if loopback {
            let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(5))
            sandbox.setBaseURL(try server.start().absoluteString)
            self.server = server
        } else {
            server = nil
        }
        PurseCheckoutPayPal.register(on: registry)
    }

    func stop() { server?.stop() }

    var transport: any HTTPTransport { server == nil ? SandboxTransport(sandbox) : URLSessionTransport() }

    func open(amount: Decimal, shopper: String?) async throws -> PurseHeadlessCheckout {
        let session = try sandbox.createClientSession(amount: amount, shopper: shopper)
        return try await open(widgetData: session.widgetData)
    }

    func open(widgetData: String) async throws -> PurseHeadlessCheckout {
        let configuration = PurseCheckoutConfiguration(transport: transport, now: { Date() }, pluginRegistry: registry)
        return try await PurseHeadlessCheckout(widgetData: widgetData, configuration: configuration)
    }

    /// Calls per route received while `body` runs, and its wall time (real clock).
    func measure(_ body: () async throws -> Void) async rethrows -> (calls: [SandboxRoute: Int], time: Duration) {
        let before = sandbox.stats().requests
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let time = start.duration(to: clock.now)
        var delta: [SandboxRoute: Int] = [:]
        for (route, count) in sandbox.stats().requests where count - (before[route] ?? 0) > 0 {
            delta[route] = count - (before[route] ?? 0)
        }
        return (delta, time)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One user flow, its protocol minimum and the calls on its critical path (sequential round trips).
struct Flow {
    let name: String
    /// SDK calls the protocol needs (hosted pages the shopper's browser loads are not SDK calls).
    let minimum: Int
    let rationale: String
    /// Round trips one after another on the critical path, pages included.
    let criticalPath: Int
    let shopper: String?
    let amount: Decimal
    let action: @MainActor (Bench, PurseHeadlessCheckout) async throws -> Void
}

@MainActor
enum Flows {
    static let all: [Flow] = [
        Flow(
            name: "gift card apply", minimum: 1, rationale: "1 /init reads the balance; apply is local",
            criticalPath: 1, shopper: nil, amount: 30
        ) { _, checkout in
            let token = try await checkout.getSecondaryToken(
                method: try method(checkout, "illicado", "giftcard"), pan: "6003580000000000011", cvv: "1234")
            try checkout.applySecondary(token)
        },
        Flow(
            name: "pay by gift cards alone", minimum: 3,
            rationale: "1 /init per card read (2), 1 /validate", criticalPath: 3, shopper: nil, amount: 60
        ) { _, checkout in
            try checkout.applySecondary(
                try await checkout.getSecondaryToken(
                    method: try method(checkout, "illicado", "giftcard"), pan: "6003580000000000011", cvv: "1234"))
            try checkout.applySecondary(
                try await checkout.getSecondaryToken(
                    method: try method(checkout, "easy2play", "voucher"), pan: "VOUCHER10", cvv: nil))
            _ = try await checkout.submitPayment()
        },
        Flow(
            name: "saved card with CVV", minimum: 1, rationale: "1 /validate (CVV sent with it)",
            criticalPath: 1, shopper: PurseSandbox.demoShopper, amount: Decimal(string: "42.99")!
        ) { bench, checkout in
            let card = try token(bench, checkout, "visa-requires-cvv")
            let element = checkout.paymentElement(for: .paymentToken(card))
            try checkout.setPrimaryToken(card)
            await element.prepare()
            element.cvvField?.testingField.cvv = "123"
            _ = await element.submitAndWait()
        },
        Flow(
            name: "saved PayPal", minimum: 2,
            rationale: "/init with the token, then /validate with its step id (PayPalModule)", criticalPath: 2,
            shopper: PurseSandbox.demoShopper, amount: Decimal(string: "42.99")!
        ) { bench, checkout in
            try checkout.setPrimaryToken(try token(bench, checkout, "paypal-account"))
            _ = try await checkout.submitPayment()
        },
        Flow(
            name: "redirection (PSP page)", minimum: 2,
            rationale: "1 /init (page), 1 /validate; + the page GET and decision by the browser",
            criticalPath: 4, shopper: nil, amount: Decimal(string: "42.99")!
        ) { bench, checkout in
            guard let item = checkout.paymentMethods.first(where: { redirecting($0.id) }) else {
                throw BenchError("no redirection method in the session")
            }
            let presenter = ScriptedRedirectPresenter(
                policy: .sandboxShop, transport: bench.transport, steps: [.approve])
            let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
            await element.prepare()
            _ = await element.submitAndWait()
        },
    ]

    static func method(
        _ checkout: PurseHeadlessCheckout, _ partner: String, _ kind: String
    ) throws
        -> SecondaryMethod
    {
        guard
            let found = checkout.secondaryMethods.first(where: {
                $0.partner.rawValue == partner && $0.method.rawValue == kind
            })
        else { throw BenchError("no \(partner)/\(kind) in the session") }
        return found
    }

    static func token(_ bench: Bench, _ checkout: PurseHeadlessCheckout, _ slug: String) throws -> PaymentToken {
        let id = bench.sandbox.catalogue.shopper(PurseSandbox.demoShopper)?.token(slug)?.id
        guard let found = checkout.paymentTokens.first(where: { $0.id == id }) else {
            throw BenchError("no saved \(slug) in the checkout")
        }
        return found
    }

    static func redirecting(_ id: String) -> Bool { id == "fintecture-instantpayment" }

    /// A catalogue whose demo shopper has `count` saved gift cards (copies of the 40.00 easy2play card).
    static func catalogue(savedGiftCards count: Int) -> SandboxCatalogue {
        var catalogue = SandboxCatalogue.standard
        guard let index = catalogue.shoppers.firstIndex(where: { $0.reference == PurseSandbox.demoShopper }),
            let model = catalogue.shoppers[index].token("giftcard-40")
        else { return catalogue }
        var tokens = catalogue.shoppers[index].tokens.filter {
            if case .giftCard = $0.instrument { return false }
            return true
        }
        for number in 0..<count {
            var copy = model
            copy.id = "0b5e55ed-0000-4000-9000-" + String(format: "%012d", number)
            copy.slug = "giftcard-bench-\(number)"
            tokens.append(copy)
        }
        catalogue.shoppers[index].tokens = tokens
        return catalogue
    }
}
