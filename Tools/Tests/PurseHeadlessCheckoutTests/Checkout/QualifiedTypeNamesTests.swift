import Foundation
import Testing

/// `PurseHeadlessCheckout.Currency`: every public top-level type of the SDK is also a member alias of the class
/// named like the module (and of the enum `PurseCheckoutPayPal` for its module), so that an app with a type of the
/// same name can name the SDK's. The aliases are written by hand in `QualifiedTypeNames.swift`; these tests read
/// the modules' sources and fail when a public type is added without its alias, or under another `#if`.
@Suite("Qualified type names: every public type of the SDK as PurseHeadlessCheckout.Name")
struct QualifiedTypeNamesTests {
    /// A public declaration at file scope (inside any number of `#if` blocks), its `#if` conditions joined.
    struct Declaration: Hashable, CustomStringConvertible {
        let name: String
        let condition: String
        var description: String { condition.isEmpty ? name : "\(name) (#if \(condition))" }
    }

    /// The folder holding `Sources/`, found upwards from this file (the test targets may live in a nested package).
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let sources = folder.appendingPathComponent("Sources/PurseHeadlessCheckout").path
            if FileManager.default.fileExists(atPath: sources) { return folder }
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    static var declaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^( *)(?:@\w+(?:\([^)]*\))? +)*public +(?:(?:final|indirect) +)*(?:struct|class|enum|protocol|actor|typealias) +(\w+)"#
        )
    }
    static var memberAlias: Regex<AnyRegexOutput> { try! Regex(#"^ *public typealias (\w+) = (\w+)\._(\w+)$"#) }
    static var helperAlias: Regex<AnyRegexOutput> { try! Regex(#"^ *public typealias _(\w+) = (\w+)$"#) }

    /// The public top-level types of `source`, except deprecated, underscored and SPI ones (`@_spi(PurseTools)`, for
    /// the repository's tools, is not an app's API).
    static func publicTypes(in source: String) -> Set<Declaration> {
        let declaration = declaration
        var found: Set<Declaration> = []
        var conditions: [String] = []
        var attributes: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#if ") {
                conditions.append(String(text.dropFirst(4)))
            } else if text.hasPrefix("#elseif "), !conditions.isEmpty {
                conditions[conditions.count - 1] = String(text.dropFirst(8))
            } else if text == "#else", let last = conditions.last {
                conditions[conditions.count - 1] = "!(\(last))"
            } else if text == "#endif" {
                _ = conditions.popLast()
            } else if let match = line.firstMatch(of: declaration),
                match.output[1].substring?.count == 4 * conditions.count,
                let name = match.output[2].substring.map(String.init)
            {
                let deprecated = attributes.contains { $0.contains("deprecated") } || text.contains("deprecated")
                let spi = attributes.contains { $0.hasPrefix("@_spi(") } || text.hasPrefix("@_spi(")  // not for apps
                if !deprecated && !spi && !name.hasPrefix("_") {
                    found.insert(Declaration(name: name, condition: conditions.joined(separator: " && ")))
                }
            }
            if text.hasPrefix("@") {
                attributes.append(text)
            } else if !text.isEmpty && !text.hasPrefix("//") {
                attributes = []
            }
        }
        return found
    }

    /// The member aliases of `aliases` (`public typealias Name = Helper._Name` inside the extension) whose helper
    /// alias (`public typealias _Name = Name` inside `Helper`) exists under the same `#if`; a pair that does not
    /// match (another name on either side, a helper missing) is left out, so the comparison reports it.
    static func aliases(in aliases: String, helper: String) -> Set<Declaration> {
        let (memberAlias, helperAlias) = (memberAlias, helperAlias)
        var members: Set<Declaration> = []
        var helpers: Set<Declaration> = []
        var conditions: [String] = []
        for line in aliases.split(separator: "\n").map(String.init) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#if ") {
                conditions.append(String(text.dropFirst(4)))
            } else if text == "#endif" {
                _ = conditions.popLast()
            } else if let match = line.wholeMatch(of: memberAlias),
                let name = match.output[1].substring.map(String.init),
                match.output[2].substring.map(String.init) == helper,
                match.output[3].substring.map(String.init) == name
            {
                members.insert(Declaration(name: name, condition: conditions.joined(separator: " && ")))
            } else if let match = line.wholeMatch(of: helperAlias),
                let name = match.output[1].substring.map(String.init),
                match.output[2].substring.map(String.init) == name
            {
                helpers.insert(Declaration(name: name, condition: conditions.joined(separator: " && ")))
            }
        }
        return members.intersection(helpers)
    }

    static func sources(of module: String) throws -> [(path: String, text: String)] {
        let folder = packageRoot.appendingPathComponent("Sources/\(module)")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            (path: $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test(
        "every public type of the module has its member alias, under the same #if",
        arguments: [
            (
                "PurseHeadlessCheckout", "PurseHeadlessCheckout", "_PurseHeadlessCheckoutTypes",
                "Checkout/QualifiedTypeNames.swift"
            ),
            ("PurseCheckoutPayPal", "PurseCheckoutPayPal", "_PurseCheckoutPayPalTypes", "QualifiedTypeNames.swift"),
        ])
    func everyPublicTypeHasItsAlias(module: String, namespace: String, helper: String, aliasFile: String) throws {
        let files = try Self.sources(of: module)
        let declared = files.reduce(into: Set<Declaration>()) { $0.formUnion(Self.publicTypes(in: $1.text)) }
            .filter { $0.name != namespace }
        let aliasText = try #require(files.first { $0.path == aliasFile }?.text)
        let aliased = Self.aliases(in: aliasText, helper: helper)
        #expect(declared.count > 0, "no public type found in Sources/\(module): the scan reads nothing")
        let missing = declared.subtracting(aliased).map(\.description).sorted()
        let stale = aliased.subtracting(declared).map(\.description).sorted()
        #expect(
            missing.isEmpty, "public types of \(module) with no \(namespace).Name alias in \(aliasFile): \(missing)")
        #expect(
            stale.isEmpty, "aliases in \(aliasFile) that name no public type of \(module) (or another #if): \(stale)")
    }

    @Test("the scan finds types inside #if blocks and after attributes, and skips nested, deprecated and SPI ones")
    func scanReadsWhatItClaims() {
        let source = """
            public struct Plain {
                public struct Nested {}
            }
            @MainActor public final class Annotated {}
            @available(*, deprecated, renamed: "Plain")
            public typealias Old = Plain
            public enum _Hidden {}
            @_spi(PurseTools) public struct ForTheTools {}
            extension Plain {
                public typealias Member = Int
            }
            #if canImport(SwiftUI)
                public struct Guarded {}
            #endif
            """
        #expect(
            Self.publicTypes(in: source) == [
                Declaration(name: "Plain", condition: ""), Declaration(name: "Annotated", condition: ""),
                Declaration(name: "Guarded", condition: "canImport(SwiftUI)"),
            ])
    }

    @Test("an alias file missing a type, pointing at another type or under another #if is caught")
    func comparisonFailsOnAMismatch() {
        let aliases = """
            public enum _Types {
                public typealias _Plain = Plain
                public typealias _Other = Annotated
                #if canImport(UIKit)
                    public typealias _Guarded = Guarded
                #endif
            }
            extension Namespace {
                public typealias Plain = _Types._Plain
                public typealias Annotated = _Types._Other
                #if canImport(UIKit)
                    public typealias Guarded = _Types._Guarded
                #endif
            }
            """
        let declared: Set<Declaration> = [
            Declaration(name: "Plain", condition: ""), Declaration(name: "Annotated", condition: ""),
            Declaration(name: "Guarded", condition: "canImport(SwiftUI)"), Declaration(name: "Absent", condition: ""),
        ]
        let aliased = Self.aliases(in: aliases, helper: "_Types")
        #expect(
            aliased == [
                Declaration(name: "Plain", condition: ""), Declaration(name: "Guarded", condition: "canImport(UIKit)"),
            ])
        #expect(
            declared.subtracting(aliased).map(\.name).sorted() == ["Absent", "Annotated", "Guarded"])
    }
}
