// The app's own row for a saved gift card, and its error display, as GiftCardsAndCoPayment.md names them.
struct SavedGiftCardRow: View {
    let balance: Decimal?
    let unavailable: Bool
    let onUse: () -> Void
    let onRemove: () -> Void
    let onRename: (String) -> Void

    var body: some View { Text(balance.map { "\($0)" } ?? "checking…") }
}

@MainActor func show(_ error: any Error) {}
