// swift-tools-version: 6.1
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
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "PurseHeadlessCheckout", targets: ["PurseHeadlessCheckout"]),
        .library(name: "PurseSandbox", targets: ["PurseSandbox"]),
        .library(name: "PurseCheckoutTesting", targets: ["PurseCheckoutTesting"]),
        .executable(name: "purse", targets: ["purse"]),
        .library(name: "PurseCheckoutPayPal", targets: ["PurseCheckoutPayPal"]),
        .executable(name: "purse-bench", targets: ["purse-bench"]),
    ],
    targets: [
        .target(
            name: "PurseHeadlessCheckout",
            // The loopback redirect presenter (macOS, Linux) listens with the package's HTTP server.
            dependencies: [.target(name: "PurseHTTPServer", condition: .when(platforms: [.macOS, .linux]))],
            swiftSettings: strictness
        ),
        .target(name: "PurseHTTPServer", swiftSettings: strictness),
        .target(name: "PurseSandbox", dependencies: ["PurseHTTPServer"], swiftSettings: strictness),
        .target(
            name: "PurseCheckoutTesting",
            dependencies: ["PurseHeadlessCheckout", "PurseSandbox"],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "purse",
            dependencies: ["PurseHeadlessCheckout", "PurseSandbox", "PurseCheckoutTesting"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PurseHeadlessCheckoutTests",
            dependencies: ["PurseHeadlessCheckout"],
            resources: [.copy("Fixtures")],
            swiftSettings: testStrictness
        ),
        .testTarget(name: "PurseHTTPServerTests", dependencies: ["PurseHTTPServer"], swiftSettings: testStrictness),
        .testTarget(
            name: "PurseSandboxTests", dependencies: ["PurseSandbox", "PurseCheckoutTesting"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "PurseCLITests",
            dependencies: ["purse", "PurseHeadlessCheckout"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox"],
            swiftSettings: testStrictness
        ),
        .testTarget(
            name: "BrowserTests",
            dependencies: ["PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox"],
            swiftSettings: testStrictness
        ),
        .target(name: "PurseCheckoutPayPal", dependencies: ["PurseHeadlessCheckout"], swiftSettings: strictness),
        .executableTarget(
            name: "purse-bench",
            dependencies: ["PurseHeadlessCheckout", "PurseSandbox", "PurseCheckoutTesting", "PurseCheckoutPayPal"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "PurseCheckoutPayPalTests",
            dependencies: ["PurseCheckoutPayPal", "PurseHeadlessCheckout", "PurseCheckoutTesting", "PurseSandbox"],
            swiftSettings: testStrictness
        ),
    ],
    swiftLanguageModes: [.v6]
)
