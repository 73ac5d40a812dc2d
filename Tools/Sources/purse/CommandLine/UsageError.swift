import ArgumentParser

/// A mistake in how the command was called: printed to stderr with the command's usage, exit status 64
/// (``ExitStatus/usage``).
///
/// Options are checked in each command's `validate()`, where this is rethrown as argument-parser's
/// `ValidationError` (``validation``); a mistake found later, once the command runs (an unwritable `--state`
/// file), is thrown as it is and reported the same way by ``PurseMain``.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    /// The same message as argument-parser's `ValidationError`, which it reports as a usage error.
    var validation: ValidationError { ValidationError(description) }
}

/// The exit statuses `purse` itself decides (the checkout's own, 0 to 2 and 130, are ``CheckoutReport``'s).
enum ExitStatus {
    /// Not done, or an unexpected error (the message says which).
    static let failure: Int32 = 1
    /// The command was called wrongly: EX_USAGE of sysexits(3).
    static let usage: Int32 = 64
    /// What the command needs is not available (`purse sandbox`: the port is taken): EX_UNAVAILABLE of
    /// sysexits(3). Not a usage error: the same command works once the port is free.
    static let unavailable: Int32 = 69
}
