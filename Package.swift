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
        .library(name: "PurseHeadlessCheckout", targets: ["PurseHeadlessCheckout"])
    ],
    targets: [
        .target(name: "PurseHeadlessCheckout", swiftSettings: strictness),
        .testTarget(
            name: "PurseHeadlessCheckoutTests",
            dependencies: ["PurseHeadlessCheckout"],
            resources: [.copy("Fixtures")],
            swiftSettings: testStrictness
        ),
    ],
    swiftLanguageModes: [.v6]
)
