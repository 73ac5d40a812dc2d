extension PurseSandbox {
    /// The catalogue's shopper with saved cards, a PayPal account, a `pci_proxy` card and saved gift cards.
    public static let demoShopper = "demo-shopper"
    /// The catalogue's shopper with an empty wallet.
    public static let emptyShopper = "empty-shopper"
    /// The catalogue's shopper of Purse's shared wallet: a card saved with this merchant and one from the shared
    /// wallet.
    public static let sharedWalletShopper = "shared-wallet-shopper"
    /// The catalogue's shopper with a saved Oney card (no security code: the field asks a date of birth).
    public static let oneyShopper = "oney-shopper"
}
