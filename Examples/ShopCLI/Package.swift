// swift-tools-version: 6.2
import PackageDescription

/// A headless checkout as a command: an executable, not a test target, linking `PurseCheckoutTesting` and
/// `PurseSandbox` to pay on the in-process sandbox (the "Headless checkout in CI" article walks through it).
/// It depends on the SDK by path, under the name apps give it (`name:`); an app of yours names a released version.
let package = Package(
    name: "ShopCLI",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "purse-headless-checkout-ios", path: "../..")],
    targets: [
        .executableTarget(
            name: "ShopCLI",
            dependencies: [
                .product(name: "PurseHeadlessCheckout", package: "purse-headless-checkout-ios"),
                .product(name: "PurseCheckoutTesting", package: "purse-headless-checkout-ios"),
                .product(name: "PurseSandbox", package: "purse-headless-checkout-ios"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
