import Foundation

extension SessionUpdate {
    /// What to tell the shopper about the update, one message per change, in this order: the new amount
    /// (`update.amountChanged`, when it changed), each secondary share (``message(for:name:)``) and the primary
    /// (``primaryMessage(name:)``). Render each with ``PurseHeadlessCheckout/localizedString(_:)``, or read its key and
    /// arguments to word it in your own catalogue.
    ///
    /// `name` gives the shopper's name of a method or saved instrument from its id (the share's
    /// ``SecondaryShareUpdate/methodID``, the primary's ``PrimaryOutcome/id``); by default the id itself.
    ///
    /// ```swift
    /// let update = try await checkout.updateSession(widgetData: newWidgetData)
    /// banner = update.localizedMessages { id in catalog.displayName(of: id) }
    ///     .map { checkout.localizedString($0) }
    /// ```
    public func localizedMessages(name: (_ id: String) -> String = { $0 }) -> [PurseMessage] {
        var messages: [PurseMessage] = []
        if let amountMessage { messages.append(amountMessage) }
        messages += secondaryShares.map { message(for: $0, name: name($0.methodID)) }
        if let primary, let message = primaryMessage(name: name(primary.id)) { messages.append(message) }
        return messages
    }

    /// The new amount and the old one (`update.amountChanged`, arguments `amount` and `previousAmount`), `nil`
    /// when the amount did not change.
    public var amountMessage: PurseMessage? {
        guard previousAmount != amount else { return nil }
        return PurseMessage(
            "update.amountChanged", [argument("amount", amount), argument("previousAmount", previousAmount)])
    }

    /// What became of one share, `name` being the shopper's name of its method:
    ///
    /// | outcome | key | arguments |
    /// |---|---|---|
    /// | kept | `update.share.kept` | `method`, `amount` |
    /// | clamped | `update.share.clamped` | `method`, `amount`, `previousAmount` |
    /// | released | `update.share.released.<reason>` (`methodRemoved`, `tokenRemoved`, `nothingLeftToPay`, `refused`, `emptyBalance`, `currencyChanged`) | `method`; `reason` (the rule's error message) for `refused` |
    public func message(for share: SecondaryShareUpdate, name: String) -> PurseMessage {
        let method = PurseMessage.Argument("method", .text(name))
        switch share.outcome {
        case .kept(let amount):
            return PurseMessage("update.share.kept", [method, argument("amount", amount)])
        case .clamped(let from, let to):
            return PurseMessage(
                "update.share.clamped", [method, argument("amount", to), argument("previousAmount", from)])
        case .released(let reason):
            let key = "update.share.released."
            switch reason {
            case .methodRemoved: return PurseMessage(key + "methodRemoved", [method])
            case .tokenRemoved: return PurseMessage(key + "tokenRemoved", [method])
            case .nothingLeftToPay: return PurseMessage(key + "nothingLeftToPay", [method])
            case .emptyBalance: return PurseMessage(key + "emptyBalance", [method])
            case .currencyChanged: return PurseMessage(key + "currencyChanged", [method])
            case .refused(let code):
                let rule = PurseCheckoutError(code).localizedMessage
                return PurseMessage(key + "refused", [method, .init("reason", .message(rule))])
            }
        }
    }

    /// What became of the primary, `name` being the shopper's name of the method or saved instrument:
    /// `update.primary.kept`, or `update.primary.dropped.<reason>` (`notOffered`, `notImplemented`,
    /// `belowMinimum` with `minAmount`, `aboveMaximum` with `maxAmount`), each with `method`; `nil` when there was
    /// no primary.
    public func primaryMessage(name: String) -> PurseMessage? {
        let method = PurseMessage.Argument("method", .text(name))
        switch primary {
        case nil: return nil
        case .kept: return PurseMessage("update.primary.kept", [method])
        case .dropped(_, let reason):
            let key = "update.primary.dropped."
            switch reason {
            case .notOffered: return PurseMessage(key + "notOffered", [method])
            case .notImplemented: return PurseMessage(key + "notImplemented", [method])
            case .belowMinimum(let minimum):
                return PurseMessage(key + "belowMinimum", [method, argument("minAmount", minimum)])
            case .aboveMaximum(let maximum):
                return PurseMessage(key + "aboveMaximum", [method, argument("maxAmount", maximum)])
            }
        }
    }

    private func argument(_ name: String, _ value: Decimal) -> PurseMessage.Argument {
        .init(name, .amount(value, Currency(code: currency)))
    }
}
