import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The Associated Domains a return destination needs: a universal-link return is matched by
/// `ASWebAuthenticationSession` only on a host associated with web credentials, so `applinks:` alone leaves the
/// shopper stuck on the page after paying.
struct AssociatedDomainsTests {
    private let universal = RedirectPolicy(
        returnDestination: .universalLink(host: "Checkout.Example.com", path: "/return"))

    @Test("a universal link needs applinks: and webcredentials: for its host; a scheme or loopback needs none")
    func required() {
        #expect(
            universal.requiredAssociatedDomains == [
                "applinks:checkout.example.com", "webcredentials:checkout.example.com",
            ])
        #expect(RedirectPolicy(returnDestination: .customScheme("shop")).requiredAssociatedDomains.isEmpty)
        #expect(RedirectPolicy(returnDestination: .loopback(port: 0, path: "/r")).requiredAssociatedDomains.isEmpty)
    }

    @Test("applinks: alone is missing webcredentials:; mode suffixes and case do not matter")
    func missing() {
        #expect(
            universal.missingAssociatedDomains(in: ["applinks:checkout.example.com"]) == [
                "webcredentials:checkout.example.com"
            ])
        #expect(
            universal.missingAssociatedDomains(in: [
                "applinks:CHECKOUT.example.com?mode=developer", "webcredentials:checkout.example.com",
            ]).isEmpty)
        #expect(universal.missingAssociatedDomains(in: ["webcredentials:other.example.com"]).count == 2)
    }

    @Test("the example app's entitlements declare every domain its return policy needs")
    func exampleEntitlements() throws {
        // The repository's root (this file is in Tools/Tests/<target>/Redirect).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Examples/PurseCheckoutExample/PurseCheckoutExample.entitlements")
        // The example's CheckoutModel.returnPolicy.
        let policy = RedirectPolicy(returnDestination: .universalLink(host: "checkout.example.com", path: "/return"))
        #expect(try policy.missingAssociatedDomains(inEntitlements: Data(contentsOf: file)).isEmpty)
    }

    @Test("entitlements: no associated-domains key lacks everything; a malformed file is a typed error")
    func entitlementsFile() throws {
        let empty = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict></dict></plist>
            """.utf8)
        #expect(try universal.missingAssociatedDomains(inEntitlements: empty).count == 2)
        let wrongType = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><string>applinks:x</string>
            </dict></plist>
            """.utf8)
        let error = #expect(throws: PurseCheckoutError.self) {
            try universal.missingAssociatedDomains(inEntitlements: wrongType)
        }
        #expect(error?.code == .redirectPresentationFailed)
        #expect(error?.message.contains("not an array of strings") == true)
        #expect(throws: PurseCheckoutError.self) {
            try universal.missingAssociatedDomains(inEntitlements: Data("not a plist".utf8))
        }
    }
}
