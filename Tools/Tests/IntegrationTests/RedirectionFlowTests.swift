import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Redirection methods end to end against the sandbox, in-process and over loopback HTTP, with the scripted
/// presenter clicking the hosted page's buttons.
@MainActor
@Suite("Redirection flows against the sandbox")
struct RedirectionFlowTests {
    static let clicks: [(ScriptedRedirectPresenter.Step, String, String)] = [
        (.approve, "AUTHORIZED", "COMPLETED"), (.decline, "REFUSED", "CREATED"), (.cancel, "ABORTED", "CREATED"),
    ]

    @Test(
        "approve, decline or cancel on the PSP page: returned, and the server's status agrees",
        arguments: Wire.allCases, RedirectionMethod.allCases)
    func decisions(wire: Wire, method: RedirectionMethod) async throws {
        for (step, authorization, sessionStatus) in Self.clicks {
            let harness = try Harness(wire)
            // A guest: no saved gift cards whose balance look-ups would add /init calls at opening.
            let checkout = try await harness.openCheckout(shopper: nil)
            let presenter = harness.scriptedPresenter([step])
            let item = try #require(checkout.paymentMethods.first { $0.id == method.rawValue })
            let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
            #expect(!element.hasUI)
            await element.prepare()
            #expect(element.isReady)
            #expect(harness.sandbox.stats().requests(.gatewayInit) == 0)  // prepare consumes nothing
            let outcome = await element.submitAndWait()
            guard case .returnedFromRedirect(let url) = outcome else {
                Issue.record("\(method) \(step): expected returnedFromRedirect, got \(outcome)")
                continue
            }
            #expect(url.absoluteString.hasPrefix("https://shop.example.com/return?purse-redirection-data="))
            #expect(method.matches(presenter.presented.first), "\(method): \(presenter.presented)")
            #expect(await harness.authorizationStatus(of: checkout) == authorization, "\(method) \(step)")
            #expect(await harness.status(of: checkout)?.status == sessionStatus)
            // The return's data is a hint that agrees with the server here; the server is the truth.
            #expect(try redirectionData(url)["authorization_status"] == authorization)
            #expect(checkout.submittedPayment?.isPending == true)
            let stats = harness.sandbox.stats()
            #expect(stats.requests(.gatewayInit) == 1)
            #expect(stats.requests(.gatewayValidate) == 1)
            #expect(stats.charges == (step == .approve ? 1 : 0))
        }
    }

    @Test("closing the page without deciding: canceled, the payment stays pending", arguments: Wire.allCases)
    func dismissed(wire: Wire) async throws {
        for method in RedirectionMethod.allCases {
            let harness = try Harness(wire)
            let checkout = try await harness.openCheckout()
            let item = try #require(checkout.paymentMethods.first { $0.id == method.rawValue })
            let element = checkout.paymentElement(
                for: .primaryMethod(item), redirect: harness.scriptedPresenter([.dismiss]))
            await element.prepare()
            #expect(await element.submitAndWait() == .canceled, "\(method)")
            #expect(await harness.authorizationStatus(of: checkout) == "PENDING")
        }
    }

    @Test("no presenter: completed, and pendingRedirect(for:) gives the page to open", arguments: Wire.allCases)
    func noPresenter(wire: Wire) async throws {
        for method in RedirectionMethod.allCases {
            let harness = try Harness(wire)
            let checkout = try await harness.openCheckout()
            let item = try #require(checkout.paymentMethods.first { $0.id == method.rawValue })
            let element = checkout.paymentElement(for: .primaryMethod(item))
            await element.prepare()
            guard case .completed(let result) = await element.submitAndWait() else {
                Issue.record("expected completed")
                continue
            }
            let action = checkout.pendingRedirect(for: result)
            #expect(method.matches(action), "\(method): \(String(describing: action))")
            #expect(await harness.authorizationStatus(of: checkout) == "PENDING")
            // The app follows it itself, here with the scripted presenter.
            let presenter = harness.scriptedPresenter([.approve])
            guard let action, case .returned = await presenter.present(action) else {
                Issue.record("the app could not follow \(method)")
                continue
            }
            #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
        }
    }

    @Test("the onRedirection hook sees the real action first and takes it over", arguments: Wire.allCases)
    func hookTakesOver(wire: Wire) async throws {
        let harness = try Harness(wire)
        let seen = SeenActions()
        let checkout = try await harness.openCheckout { configuration in
            configuration.hooks.onRedirection = { action in
                seen.append(action)
                return true
            }
        }
        let presenter = harness.scriptedPresenter([.approve])
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postForm.rawValue })
        let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
        await element.prepare()
        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(presenter.presented.isEmpty)
        #expect(seen.all.count == 1)
        #expect(seen.all.first == checkout.pendingRedirect(for: result))
        #expect(await harness.authorizationStatus(of: checkout) == "PENDING")
    }

    @Test("3-D Secure on the saved Visa goes through the same presenter", arguments: Wire.allCases)
    func threeDSOnSavedCard(wire: Wire) async throws {
        for (step, authorization, _) in Self.clicks {
            let harness = try Harness(wire)
            let checkout = try await harness.openCheckout()
            let card = try #require(checkout.paymentTokens.first { $0.id == threeDSVisaID })
            #expect(card.paysWithoutCVV)
            let presenter = harness.scriptedPresenter([step])
            let element = checkout.paymentElement(for: .paymentToken(card), redirect: presenter)
            #expect(!element.hasUI)
            await element.prepare()
            guard case .returnedFromRedirect = await element.submitAndWait() else {
                Issue.record("expected a return from the challenge")
                continue
            }
            guard case .get(let challenge) = presenter.presented.first else {
                Issue.record("expected a GET to the challenge")
                continue
            }
            #expect(challenge.path.contains("/pages/3ds/"))
            #expect(await harness.authorizationStatus(of: checkout) == authorization)
            #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        }
    }

    @Test("an /init refused by the gateway: failed with API_ERROR, nothing validated", arguments: Wire.allCases)
    func initRefused(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        // The saved gift cards' balance look-ups are /init calls too: let them end before the fault is armed.
        await checkout.waitForSavedSecondaryBalances()
        harness.sandbox.faults.inject(.status(403, count: 1), on: .gatewayInit)
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        let presenter = harness.scriptedPresenter([.approve])
        let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .apiError)
        #expect(error.message == "Payment API POST /init failed: HTTP 403")
        #expect(presenter.presented.isEmpty)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
        #expect(await harness.status(of: checkout)?.payment == nil)
        // The refusal is not final: the next tap runs /init again and pays.
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected the retry to reach the page")
            return
        }
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    @Test("a 200 /init without step_id fails at /validate", arguments: Wire.allCases)
    func initWithoutStep(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout { configuration in
            configuration.transport = StepDroppingTransport(base: configuration.transport)
        }
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        let element = checkout.paymentElement(
            for: .primaryMethod(item), redirect: harness.scriptedPresenter([.approve]))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .validateFailed)
        #expect(error.serverCode == "BAD_REQUEST")
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
    }

    @Test("the policy refuses a page outside its hosts: failed, nothing decided", arguments: Wire.allCases)
    func policyRefuses(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let policy = RedirectPolicy(
            returnDestination: .universalLink(host: "shop.example.com", path: "/return"),
            additionalAllowedHosts: ["psp.example"])
        let presenter = harness.scriptedPresenter([.approve], policy: policy)
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.message == "refused redirect url")
        #expect(presenter.visited.isEmpty)
        #expect(await harness.authorizationStatus(of: checkout) == "PENDING")
    }

    @Test(
        "submitPayment() on a redirection method retries a lost answer with the same step and key: one payment",
        arguments: Wire.allCases)
    func lostAnswerRetryKeepsTheStep(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(shopper: nil)
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        try checkout.setPrimary(item)
        harness.sandbox.faults.inject(.reset(), on: .gatewayValidate)
        do {
            _ = try await checkout.submitPayment()
            Issue.record("the answer was lost, yet submitPayment() returned")
        } catch {
            #expect(PurseCheckoutError(error).code == .networkError)
        }
        harness.sandbox.faults.clearAll()
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .waiting)
        let stats = harness.sandbox.stats()
        // One /init: the retry sent the same step_id, so the same key, and got the stored answer back.
        #expect(stats.requests(.gatewayInit) == 1)
        #expect(harness.sandbox.ledger().paymentsByStatus == ["PENDING": 1])
        #expect(stats.charges == 0)
    }
}

/// Actions the `onRedirection` hook saw.
final class SeenActions: Sendable {
    private let actions = Locked<[RedirectAction]>([])
    func append(_ action: RedirectAction) { actions.withLock { $0.append(action) } }
    var all: [RedirectAction] { actions.withLock { $0 } }
}
