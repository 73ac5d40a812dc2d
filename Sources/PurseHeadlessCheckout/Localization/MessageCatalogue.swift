import Foundation

/// The SDK's string tables: `Resources/<language>.lproj/Localizable.strings` in the SDK's resource bundle
/// (`Bundle.module`), one per shipped language, the Apple `.strings` format Xcode reads.
///
/// A table is read once, through `Bundle.url(forResource:withExtension:subdirectory:localization:)` and
/// `PropertyListSerialization`, on every platform: this path behaves the same in Foundation on Apple platforms
/// and in swift-corelibs-foundation on Linux, where `String(localized:bundle:locale:)` does not pick a table by
/// an explicit locale. The tests read the tables through it on Linux.
enum MessageCatalogue {
    /// The languages the SDK ships text for, English first (the development language and the fallback).
    static let languages = ["en", "fr", "de", "es", "it", "nl"]

    private static let tables = Locked<[String: [String: String]]>([:])

    /// The table of `language` (`fr`), empty when the bundle has none.
    static func table(_ language: String) -> [String: String] {
        if let table = tables.withLock({ $0[language] }) { return table }
        let table = load(language, from: .module)
        tables.withLock { $0[language] = table }
        return table
    }

    /// Reads `Localizable.strings` of `language` from `bundle`.
    static func load(_ language: String, from bundle: Bundle) -> [String: String] {
        let url =
            bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: language)
            ?? bundle.resourceURL?.appendingPathComponent("\(language).lproj/Localizable.strings")
        guard let url, let data = try? Data(contentsOf: url) else { return [:] }
        return parse(data) ?? [:]
    }

    /// A `.strings` document (text or binary property list) as key → text, or `nil` when it is not one.
    static func parse(_ data: Data) -> [String: String]? {
        (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String]
    }
}
