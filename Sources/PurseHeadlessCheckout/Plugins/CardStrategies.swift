extension CardModule: ElementStrategyFactory {
    /// Saved cards that pay without a CVV pay by token id. Cards that need input (a fresh card form, a
    /// saved card's CVV) get their strategies from the card input model.
    package func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)? {
        switch item {
        case .paymentToken(let token) where !token.requiresCVV: return SavedTokenStrategy(token: token)
        default: return nil
        }
    }
}
