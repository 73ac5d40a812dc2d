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

/// The third-party packages, by the URLs and versions this package declares; swift-nio's own three are declared only
/// where the vendor folder stands in for the package hosts (below).
let hosted = "https://github.com/apple/"
let declared: [(name: String, from: Version)] = [("swift-nio", "2.101.0"), ("swift-argument-parser", "1.5.0")]
let nioNeeds: [(name: String, from: Version)] = [
    ("swift-atomics", "1.0.0"), ("swift-collections", "1.0.0"), ("swift-system", "1.0.0"),
]

/// A clone beside a vendor folder (`../shared/vendor`, README's Requirements) is on a machine that cannot reach the
/// package hosts. With a SwiftPM mirror set (`scripts/use-vendored-packages`), the real URLs resolve through it.
/// Without one, the first command used to fail with a git-cache error naming neither the network nor the fix, and
/// SwiftPM reads its mirrors before it evaluates this manifest, so setting them here helps only the commands after.
/// So this manifest does what `use-mirrors` does (git-usable copies of the vendored repositories in
/// `~/.cache/purse-vendor-mirrors`, and `.swiftpm/configuration/mirrors.json` here for the next commands) and, for
/// this command, declares the copies by file URL, swift-nio's own dependencies included. SwiftPM then warns once
/// that those share identities with swift-nio's declarations (the copies are those same packages, at their tags).
/// Where that cannot be done (a file system that refuses it), one line and a non-zero exit say what to run.
/// Returns nil where the real URLs are to be declared.
func vendoredCopies() -> [(name: String, path: String, from: Version)]? {
    let files = FileManager.default
    let environment = ProcessInfo.processInfo.environment
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? files.homeDirectoryForCurrentUser
    let here = URL(fileURLWithPath: Context.packageDirectory)
    let vendor = here.appendingPathComponent("../../shared/vendor").standardizedFileURL
    let mirrorsFile = here.appendingPathComponent(".swiftpm/configuration/mirrors.json")
    let mirrors = [
        mirrorsFile.path,
        home.appendingPathComponent(".swiftpm/configuration/mirrors.json").path,
    ]
    guard files.fileExists(atPath: vendor.appendingPathComponent("use-mirrors").path),
        !mirrors.contains(where: files.fileExists)
    else { return nil }
    let cacheHome =
        environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(".cache")
    let cache = cacheHome.appendingPathComponent("purse-vendor-mirrors")
    do {
        var copies: [(name: String, path: String, from: Version)] = []
        for entry in declared + nioNeeds {
            let repository = vendor.appendingPathComponent(entry.name + ".git")
            copies.append((entry.name, try usableRepository(repository, cache: cache).path, entry.from))
        }
        var entries: [[String: String]] = []
        for copy in copies {
            for original in [hosted + copy.name + ".git", hosted + copy.name] {
                entries.append(["mirror": copy.path, "original": original])
            }
        }
        try files.createDirectory(at: mirrorsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let json = try JSONSerialization.data(
            withJSONObject: ["object": entries, "version": 1] as [String: Any], options: [.prettyPrinted, .sortedKeys])
        try json.write(to: mirrorsFile, options: .atomic)
        return copies
    } catch {
        FileHandle.standardError.write(
            Data(
                ("error: no SwiftPM mirror is set, ../shared/vendor beside this clone says the package hosts are not "
                    + "reachable, and its copies could not be prepared (\(error.localizedDescription)): run "
                    + "scripts/use-vendored-packages once\n").utf8))
        exit(1)
    }
}

/// The vendored bare repository itself when git can open it, else a completed copy in the cache: a copy of the vendor
/// folder may lack the empty `refs/` folders git needs and be read-only (`use-mirrors` does the same, in the same
/// cache).
func usableRepository(_ repository: URL, cache: URL) throws -> URL {
    let files = FileManager.default
    func openable(_ url: URL) -> Bool {
        files.fileExists(atPath: url.appendingPathComponent("refs/tags").path)
            && files.fileExists(atPath: url.appendingPathComponent("HEAD").path)
    }
    if openable(repository) { return repository }
    let copy = cache.appendingPathComponent(repository.lastPathComponent)
    if openable(copy) { return copy }
    // Built aside and moved into place, so that two evaluations at once never see half a copy.
    let staging = cache.appendingPathComponent(".\(repository.lastPathComponent).\(UUID().uuidString)")
    try files.createDirectory(at: cache, withIntermediateDirectories: true)
    try files.copyItem(at: repository, to: staging)
    if let walker = files.enumerator(atPath: staging.path) {
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: staging.path)
        while let relative = walker.nextObject() as? String {
            let path = staging.appendingPathComponent(relative).path
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: path, isDirectory: &isFolder)
            try files.setAttributes([.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
        }
    }
    for folder in ["refs/heads", "refs/tags"] {
        try files.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    // A broken leftover is replaced; a copy another evaluation moved in meanwhile is kept.
    if !openable(copy) {
        try? files.removeItem(at: copy)
        do { try files.moveItem(at: staging, to: copy) } catch { guard openable(copy) else { throw error } }
    }
    try? files.removeItem(at: staging)
    return copy
}

let vendored = vendoredCopies()
let thirdParty: [Package.Dependency] =
    vendored.map { copies in
        copies.map { .package(url: URL(fileURLWithPath: $0.path).absoluteString, from: $0.from) }
    } ?? declared.map { .package(url: hosted + $0.name + ".git", from: $0.from) }
/// swift-nio's own packages are used where they are declared (see above), so SwiftPM does not call them unused.
let nioOwn: [Target.Dependency] =
    vendored == nil
    ? []
    : [
        .product(name: "Atomics", package: "swift-atomics"),
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "SystemPackage", package: "swift-system"),
    ]

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
        // SwiftNIO (the HTTP server) and ArgumentParser (the `purse` command line only: subcommands, help, usage
        // errors, shell completion), from their URLs or the vendor folder's copies (`thirdParty`, above).
        .package(name: sdk, path: "..")
    ] + thirdParty,
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
            ] + nioOwn,
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
