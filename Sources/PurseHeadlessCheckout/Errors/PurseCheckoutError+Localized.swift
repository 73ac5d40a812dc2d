extension PurseCheckoutError {
    /// What to tell the shopper, as a key: `error.<CODE>` for the codes a shopper can act on
    /// (`error.NETWORK_ERROR`, `error.VALIDATE_FAILED`, `error.SECONDARY_METHOD_WRONG_PAN_FORMAT` …), else
    /// `error.kind.<kind>` (`error.kind.api`: "Something went wrong: try again").
    ///
    /// ``message`` stays the developer's account in English (for logs and bug reports); show this one. A
    /// refusal of an unavailable item reads its ``unavailableReason``'s message.
    public var localizedMessage: PurseMessage {
        if let unavailableReason { return unavailableReason.localizedMessage }
        let specific = "error.\(code.rawValue)"
        if MessageCatalogue.table("en")[specific] != nil { return PurseMessage(specific) }
        let group = "error.kind.\(kind.rawValue)"
        return PurseMessage(MessageCatalogue.table("en")[group] != nil ? group : "error.kind.other")
    }
}
