// swift-tools-version: 6.2
import PackageDescription

/// Strictness is set once, here, for every target: Swift 6 language mode (complete strict concurrency),
/// and the upcoming features that make `public` API honest.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Test targets leave out `ExistentialAny`: the seed snippets they compile are written as integrators write
/// them (`plugin is RedirectionPlugin`).
let testStrictness: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
    name: "PurseHeadlessCheckout",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "PurseHeadlessCheckout", targets: ["PurseHeadlessCheckout"]),
        .library(name: "PurseSandbox", targets: ["PurseSandbox"]),
        .library(name: "PurseSandboxServer", targets: ["PurseSandboxServer"]),
        .library(name: "PurseLoopbackRedirect", targets: ["PurseLoopbackRedirect"]),
        .library(name: "PurseCheckoutTesting", targets: ["PurseCheckoutTesting"]),
        .executable(name: "purse", targets: ["purse"]),
        .library(name: "PurseCheckoutPayPal", targets: ["PurseCheckoutPayPal"]),
        .executable(name: "purse-bench", targets: ["purse-bench"]),
    ],
    // The SDK libraries depend on nothing; swift-nio serves the sandbox's HTTP server and the loopback listener
    // only. Without access to the package hosts, run scripts/use-vendored-packages first (local mirrors).
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // The `purse` command line only: subcommands, help, usage errors, shell completion.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
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
        // The loopback redirect presenter and its listener, for command lines and desktop apps (PurseHTTPServer,
        // on SwiftNIO).
        .target(
            name: "PurseLoopbackRedirect", dependencies: ["PurseHeadlessCheckout", "PurseHTTPServer"],
            swiftSettings: strictness
        ),
        .target(
            name: "PurseHTTPServer",
            dependencies: [
                "PurseLock", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictness
        ),
        // The one lock of the package: visible to ThreadSanitizer, unlike `Synchronization.Mutex` on Linux.
        .target(name: "PurseLock", swiftSettings: strictness),
        // The sandbox's router and state: no sockets, so an app's test target links it on iOS.
        .target(name: "PurseSandbox", dependencies: ["PurseLock"], swiftSettings: strictness),
        // The sandbox over HTTP on 127.0.0.1 (`purse sandbox`, integration tests).
        .target(
            name: "PurseSandboxServer", dependencies: ["PurseSandbox", "PurseHTTPServer", "PurseLock"],
            swiftSettings: strictness
        ),
        .target(
            name: "PurseCheckoutTesting", dependencies: ["PurseHeadlessCheckout", "PurseSandbox"],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "purse",
            dependencies: [
                "PurseHeadlessCheckout", "PurseSandbox", "PurseSandboxServer", "PurseCheckoutTesting",
                "PurseLoopbackRedirect", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Resources/<language>.lproj: the dialogue of `purse checkout` in English and French.
            resources: [.process("Resources")],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PurseHeadlessCheckoutTests",
            dependencies: ["PurseHeadlessCheckout", "PurseLoopbackRedirect", "TestProcess"],
            resources: [.copy("Fixtures")],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseHTTPServerTests",
            dependencies: [
                "PurseHTTPServer", "PurseLock", "TestProcess", "PurseSandbox", "PurseSandboxServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseSandboxTests", dependencies: ["PurseSandbox", "PurseCheckoutTesting", "PurseLock"],
            swiftSettings: testStrictness
        ),
        // Test support: child processes without Foundation's `Process` (ChildProcess.swift), blocking work off the
        // cooperative pool (OwnThread.swift).
        .target(name: "TestProcess", path: "Tests/TestProcess", swiftSettings: testStrictness),
        .testTarget(
            name: "PurseCLITests",
            dependencies: ["purse", "PurseHeadlessCheckout", "PurseLock", "TestProcess"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox", "PurseSandboxServer", "TestProcess",
            ],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "BrowserTests",
            dependencies: [
                "PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox", "PurseSandboxServer",
                "PurseLoopbackRedirect", "PurseHTTPServer", "TestProcess",
            ],
            swiftSettings: testStrictness
        ),
        .target(name: "PurseCheckoutPayPal", dependencies: ["PurseHeadlessCheckout"], swiftSettings: strictness),
        .executableTarget(
            name: "purse-bench",
            dependencies: [
                "PurseHeadlessCheckout", "PurseSandbox", "PurseSandboxServer", "PurseCheckoutTesting",
                "PurseCheckoutPayPal",
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PurseCheckoutPayPalTests",
            dependencies: [
                "PurseCheckoutPayPal", "PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox",
                "PurseSandboxServer",
            ],
            swiftSettings: testStrictness
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - Fuzz targets (docs/RELIABILITY.md §1): only when PURSE_FUZZ=1, never in a normal build or test
//
// `scripts/fuzz` sets PURSE_FUZZ=1 and builds these executables into their own scratch path (.build/fuzz), in
// release with `-enable-testing` and `-sanitize=fuzzer,address`; libFuzzer supplies `main`, each target exports
// `LLVMFuzzerTestOneInput`. They are declared here, behind the variable, rather than in a separate package
// under Fuzz/ because a package depending on this one by path sees only its products, and the HTTP request
// parser (`PurseHTTPServer`) is not one; here they depend on the internal targets directly and reach internal
// decoders with `@testable import`. The invariant checks are one source shared with the test suites (symbolic
// links under Fuzz/Targets), so every `swift test` replays the committed corpora through the same checks.
// Measured on the shared 2-core machine: building the four targets from nothing takes 85 to 110 s (release; a
// debug build is about as long but runs about five times fewer inputs per second).
if Context.environment["PURSE_FUZZ"] == "1" {
    let fuzzSettings: [SwiftSetting] = [
        .enableUpcomingFeature("InternalImportsByDefault"), .define("PURSE_FUZZ_HARNESS"),
    ]
    package.targets += [
        .target(
            name: "FuzzHeadlessInvariants", dependencies: ["PurseHeadlessCheckout"],
            path: "Fuzz/Targets/FuzzHeadlessInvariants", swiftSettings: fuzzSettings),
        .target(
            name: "FuzzHTTPInvariants",
            dependencies: [
                "PurseHTTPServer", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Fuzz/Targets/FuzzHTTPInvariants", swiftSettings: fuzzSettings),
    ]
    for (name, invariants) in [
        ("fuzz-session", "FuzzHeadlessInvariants"), ("fuzz-gateway", "FuzzHeadlessInvariants"),
        ("fuzz-redirect", "FuzzHeadlessInvariants"), ("fuzz-http", "FuzzHTTPInvariants"),
    ] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: [.target(name: invariants)], path: "Fuzz/Targets/\(name)",
                swiftSettings: fuzzSettings + [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
// MARK: - End of fuzz targets
