// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// The workshop beside the SDK: the `purse` command line, the sandbox's HTTP server, the loopback redirect
/// presenter, the benchmark, the fuzz targets and every test suite of the repository. It is a package of its own so
/// that the package an app adds (the one at the repository's root) resolves no third-party package: SwiftNIO and
/// ArgumentParser are declared here only. CONTRIBUTING.md ("Two packages") says why.
///
/// It depends on the SDK by path, under the name apps use (`purse-headless-checkout-ios`), so the root
/// package's products are named exactly as an app names them. Debug builds compile the root package's modules with
/// testing enabled, which is what lets the test suites here `@testable import` them.
///
/// Without access to the package hosts, run `scripts/use-vendored-packages` first (local mirrors).

/// Strictness is set once, here, for every target (the root package's manifest sets the same for the SDK).
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Test targets leave out `ExistentialAny`: the seed snippets they compile are written as integrators write
/// them (`plugin is RedirectionPlugin`).
let testStrictness: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

/// The root package's products, named by the identity an app gives them.
let sdk = "purse-headless-checkout-ios"
let checkout = Target.Dependency.product(name: "PurseHeadlessCheckout", package: sdk)
let sandbox = Target.Dependency.product(name: "PurseSandbox", package: sdk)
let testing = Target.Dependency.product(name: "PurseCheckoutTesting", package: sdk)
let payPal = Target.Dependency.product(name: "PurseCheckoutPayPal", package: sdk)

/// A clone beside a vendor folder (`../shared/vendor`, README's Requirements) is on a machine that cannot reach the
/// package hosts; without mirrors SwiftPM would fail with a git-cache error naming neither the network nor the fix.
func requireMirrorsWhereVendored() {
    let here = URL(fileURLWithPath: Context.packageDirectory)
    let vendor = here.appendingPathComponent("../../shared/vendor/use-mirrors").standardizedFileURL.path
    let mirrors = [
        here.appendingPathComponent(".swiftpm/configuration/mirrors.json").path,
        FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".swiftpm/configuration/mirrors.json")
            .path,
    ]
    if FileManager.default.fileExists(atPath: vendor), !mirrors.contains(where: FileManager.default.fileExists) {
        // One line and a non-zero exit (a `fatalError` here crashed with a backtrace); SwiftPM adds its own
        // "Invalid manifest" line before it.
        FileHandle.standardError.write(
            Data(
                ("error: no SwiftPM mirror is set, and ../shared/vendor beside this clone says the package hosts are "
                    + "not reachable: run scripts/use-vendored-packages once (it points SwiftPM at the mirrors there)\n")
                    .utf8))
        exit(1)
    }
}
requireMirrorsWhereVendored()

let package = Package(
    name: "PurseTools",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "purse", targets: ["purse"]),
        .executable(name: "purse-bench", targets: ["purse-bench"]),
        .library(name: "PurseSandboxServer", targets: ["PurseSandboxServer"]),
        .library(name: "PurseLoopbackRedirect", targets: ["PurseLoopbackRedirect"]),
    ],
    dependencies: [
        .package(name: sdk, path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // The `purse` command line only: subcommands, help, usage errors, shell completion.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    ],
    targets: [
        // The loopback redirect presenter and its listener, for command lines and desktop apps (PurseHTTPServer,
        // on SwiftNIO).
        .target(
            name: "PurseLoopbackRedirect", dependencies: [checkout, "PurseHTTPServer", "ToolsLock"],
            swiftSettings: strictness
        ),
        .target(
            name: "PurseHTTPServer",
            dependencies: [
                "ToolsLock", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictness
        ),
        // The root package's lock for the modules here: `Locked.swift` is a symbolic link to the one source file of
        // the root's PurseLock target (a package sees only another package's products, and the lock is not one).
        .target(name: "ToolsLock", swiftSettings: strictness),
        // The sandbox over HTTP on 127.0.0.1 (`purse sandbox`, integration tests).
        .target(
            name: "PurseSandboxServer", dependencies: [sandbox, "PurseHTTPServer", "ToolsLock"],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "purse",
            dependencies: [
                checkout, sandbox, "PurseSandboxServer", testing, "PurseLoopbackRedirect",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Resources/<language>.lproj: the dialogue of `purse checkout` in English and French.
            resources: [.process("Resources")],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "purse-bench",
            dependencies: [checkout, sandbox, "PurseSandboxServer", testing, payPal],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PurseHeadlessCheckoutTests",
            dependencies: [checkout, "PurseLoopbackRedirect", "TestProcess"],
            resources: [.copy("Fixtures")],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseHTTPServerTests",
            dependencies: [
                "PurseHTTPServer", "ToolsLock", "TestProcess", sandbox, "PurseSandboxServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseSandboxTests", dependencies: [sandbox, testing, "ToolsLock"],
            swiftSettings: testStrictness
        ),
        // Test support: child processes without Foundation's `Process` (ChildProcess.swift), blocking work off the
        // cooperative pool (OwnThread.swift).
        .target(name: "TestProcess", path: "Tests/TestProcess", swiftSettings: testStrictness),
        .testTarget(
            name: "PurseCLITests",
            dependencies: ["purse", checkout, "ToolsLock", "TestProcess"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [checkout, testing, sandbox, "PurseSandboxServer", "TestProcess", "ToolsLock"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "BrowserTests",
            dependencies: [
                checkout, testing, sandbox, "PurseSandboxServer", "PurseLoopbackRedirect", "PurseHTTPServer",
                "TestProcess", "ToolsLock",
            ],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseCheckoutPayPalTests",
            dependencies: [payPal, checkout, testing, sandbox, "PurseSandboxServer", "ToolsLock"],
            swiftSettings: testStrictness
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - Fuzz targets (docs/RELIABILITY.md §1): only when PURSE_FUZZ=1, never in a normal build or test
//
// `scripts/fuzz` sets PURSE_FUZZ=1 and builds these executables into their own scratch path (Tools/.build/fuzz),
// in release with `-enable-testing` and `-sanitize=fuzzer,address`; libFuzzer supplies `main`, each target exports
// `LLVMFuzzerTestOneInput`. They are declared here, behind the variable, because the HTTP request parser
// (`PurseHTTPServer`) is a target of this package; `-enable-testing` applies to the root package's modules too, so
// the targets reach the SDK's internal decoders with `@testable import`. The invariant checks are one source shared with the test suites (symbolic
// links under Fuzz/Targets), so every `swift test` replays the committed corpora through the same checks.
// Measured on the shared 2-core machine: building the first four targets from nothing took 85 to 110 s (release; a
// debug build is about as long but runs about five times fewer inputs per second).
if Context.environment["PURSE_FUZZ"] == "1" {
    let fuzzSettings: [SwiftSetting] = [
        .enableUpcomingFeature("InternalImportsByDefault"), .define("PURSE_FUZZ_HARNESS"),
    ]
    package.targets += [
        .target(
            name: "FuzzHeadlessInvariants", dependencies: [checkout],
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
        ("fuzz-loan", "FuzzHeadlessInvariants"), ("fuzz-status", "FuzzHeadlessInvariants"),
        ("fuzz-hint", "FuzzHeadlessInvariants"), ("fuzz-amount", "FuzzHeadlessInvariants"),
        ("fuzz-planner", "FuzzHeadlessInvariants"),
    ] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: [.target(name: invariants)], path: "Fuzz/Targets/\(name)",
                swiftSettings: fuzzSettings + [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
// MARK: - End of fuzz targets
