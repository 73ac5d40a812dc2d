import Foundation
import Testing

/// The privacy manifest the SDK target ships (`Sources/PurseHeadlessCheckout/PrivacyInfo.xcprivacy`): a
/// property list Xcode merges into the app's privacy report. Read here as Xcode reads it.
@Suite("Privacy manifest: no tracking, payment info for app functionality, no required-reason API")
struct PrivacyManifestTests {
    /// The repository's root, where the SDK package lives (this file is in Tools/Tests/<target>/Platform).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func manifest() throws -> [String: Any] {
        let url = packageRoot.appendingPathComponent("Sources/PurseHeadlessCheckout/PrivacyInfo.xcprivacy")
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(plist as? [String: Any])
    }

    @Test("it parses, declares no tracking and no tracking domain")
    func noTracking() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect(
            Set(manifest.keys) == [
                "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes",
                "NSPrivacyAccessedAPITypes",
            ])
    }

    @Test("payment information is collected, linked to the shopper, not for tracking, for app functionality only")
    func paymentInfo() throws {
        let collected = try #require(Self.manifest()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        #expect(collected.count == 1)
        let entry = try #require(collected.first)
        #expect(entry["NSPrivacyCollectedDataType"] as? String == "NSPrivacyCollectedDataTypePaymentInfo")
        #expect(entry["NSPrivacyCollectedDataTypeLinked"] as? Bool == true)
        #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false)
        #expect(
            entry["NSPrivacyCollectedDataTypePurposes"] as? [String] == [
                "NSPrivacyCollectedDataTypePurposeAppFunctionality"
            ])
    }

    /// The required-reason APIs of Apple's list that a Swift SDK could call: none may appear in the SDK's
    /// sources while the manifest declares none (add the API type and its reason to the manifest first).
    @Test("no required-reason API is called, matching the manifest's empty list")
    func noRequiredReasonAPI() throws {
        let declared = try #require(Self.manifest()["NSPrivacyAccessedAPITypes"] as? [Any])
        #expect(declared.isEmpty)
        let requiredReason = [
            "UserDefaults", "systemUptime", "mach_absolute_time", "creationDate", "modificationDate",
            "contentModificationDate", "attributesOfItem", "volumeAvailableCapacity", "statfs", "getattrlist",
            "activeInputModes",
        ]
        let sources = Self.packageRoot.appendingPathComponent("Sources/PurseHeadlessCheckout")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            checked += 1
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            for api in requiredReason {
                #expect(!code.contains(api), "\(file.lastPathComponent) calls \(api)")
            }
        }
        #expect(checked > 50)
    }
}
