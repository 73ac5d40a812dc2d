public import Foundation

extension RedirectPolicy {
    /// The Associated Domains entitlement entries (`com.apple.developer.associated-domains`) the return destination
    /// needs, in this order:
    /// - a universal link needs `applinks:<host>`, so that the system opens the return link in the app, and
    ///   `webcredentials:<host>`, because `ASWebAuthenticationSession` (iOS 17.4 and later, macOS 14.4) matches an
    ///   https callback only on a host "associated with the app using associated web credentials domains": without
    ///   it the session never sees the return and the shopper is left to cancel;
    /// - a custom scheme or a loopback destination needs none (a custom scheme is a `CFBundleURLSchemes` entry).
    ///
    /// The domain's `apple-app-site-association` file must list the app under both `applinks` and `webcredentials`.
    ///
    /// ```swift
    /// let policy = RedirectPolicy(returnDestination: .universalLink(host: "checkout.example.com", path: "/return"))
    /// policy.requiredAssociatedDomains   // ["applinks:checkout.example.com", "webcredentials:checkout.example.com"]
    /// ```
    public var requiredAssociatedDomains: [String] {
        guard case .universalLink(let host, _) = returnDestination else { return [] }
        return ["applinks:\(host)", "webcredentials:\(host)"]
    }

    /// The entries of ``requiredAssociatedDomains`` that `entries` lacks, in the same order (empty when every one
    /// is there). An entry counts with or without a `?mode=developer` / `?mode=managed` suffix; services and hosts
    /// compare without regard to case.
    ///
    /// An app's test target can check its entitlements file with it:
    /// ```swift
    /// let missing = try policy.missingAssociatedDomains(inEntitlements: Data(contentsOf: entitlementsURL))
    /// #expect(missing.isEmpty, "add \(missing) to the app's Associated Domains")
    /// ```
    public func missingAssociatedDomains(in entries: [String]) -> [String] {
        let present = Set(
            entries.map { entry in
                (entry.split(separator: "?", maxSplits: 1).first.map(String.init) ?? entry).lowercased()
            })
        return requiredAssociatedDomains.filter { !present.contains($0.lowercased()) }
    }

    /// The same check as ``missingAssociatedDomains(in:)``, reading the entries from an `.entitlements` property
    /// list (its `com.apple.developer.associated-domains` array; no such key means no entry).
    /// - Throws: `REDIRECT_PRESENTATION_FAILED` when `data` is not a property-list dictionary, or the key is not an
    ///   array of strings.
    public func missingAssociatedDomains(inEntitlements data: Data) throws -> [String] {
        let key = "com.apple.developer.associated-domains"
        let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dictionary = plist as? [String: Any] else {
            throw RedirectError.cannotPresent("the entitlements are not a property-list dictionary")
        }
        guard let value = dictionary[key] else { return requiredAssociatedDomains }
        guard let entries = value as? [String] else {
            throw RedirectError.cannotPresent("the entitlements' \(key) is not an array of strings")
        }
        return missingAssociatedDomains(in: entries)
    }
}
