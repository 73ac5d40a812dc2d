extension PurseSandbox {
    /// The catalogue's shopper with saved cards, a PayPal account, a `pci_proxy` card and saved gift cards.
    public static let demoShopper = "demo-shopper"
    /// The catalogue's shopper with an empty wallet.
    public static let emptyShopper = "empty-shopper"
}
