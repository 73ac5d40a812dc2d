// swift-tools-version: 6.2
import PackageDescription

/// Strictness is set once, here, for every target: Swift 6 language mode (complete strict concurrency),
/// and the upcoming features that make `public` API honest.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// This is the package an app adds, and it depends on nothing: it resolves no third-party package. The command-line
/// tools, the sandbox's HTTP server, the loopback redirect presenter, the benchmark, the fuzz targets and every test
/// suite live in the nested package `Tools/` (it depends on this one by path, and on SwiftNIO and ArgumentParser);
/// CONTRIBUTING.md ("Two packages") says why.
let package = Package(
    name: "PurseHeadlessCheckout",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "PurseHeadlessCheckout", targets: ["PurseHeadlessCheckout"]),
        .library(name: "PurseCheckoutPayPal", targets: ["PurseCheckoutPayPal"]),
        .library(name: "PurseSandbox", targets: ["PurseSandbox"]),
        .library(name: "PurseCheckoutTesting", targets: ["PurseCheckoutTesting"]),
    ],
    targets: [
        // The SDK: no dependencies and no socket code, so it builds wherever Foundation does (iOS 17+, macOS 14+,
        // Linux). Its lock is `Support/Locked.swift`, a symbolic link to PurseLock's one source file.
        .target(
            name: "PurseHeadlessCheckout",
            // Resources/<language>.lproj/Localizable.strings: the shopper-facing text (English, French,
            // German, Spanish, Italian, Dutch), read through Bundle.module on every platform.
            resources: [.copy("PrivacyInfo.xcprivacy"), .process("Resources")],
            swiftSettings: strictness
        ),
        .target(name: "PurseCheckoutPayPal", dependencies: ["PurseHeadlessCheckout"], swiftSettings: strictness),
        // The one lock of the package: visible to ThreadSanitizer, unlike `Synchronization.Mutex` on Linux.
        .target(name: "PurseLock", swiftSettings: strictness),
        // The sandbox's router and state: no sockets, so an app's test target links it on iOS.
        .target(name: "PurseSandbox", dependencies: ["PurseLock"], swiftSettings: strictness),
        .target(
            name: "PurseCheckoutTesting", dependencies: ["PurseHeadlessCheckout", "PurseSandbox"],
            swiftSettings: strictness
        ),
    ],
    swiftLanguageModes: [.v6]
)
