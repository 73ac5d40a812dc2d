/// Strict UTF-8 validation of a string's bytes, on every deployment target the package declares.
///
/// The standard library's `String(validating:as:)` is the fast path, but Apple's SDKs declare it
/// `@available(macOS 15, iOS 18, …)`, above this package's minimums (iOS 17, macOS 14). Below those versions the
/// bytes go through ``validatedByScalars(_:)``, which the tests hold equal to the standard library's answer on
/// every input they try, valid or not (overlong forms, surrogates, scalars above U+10FFFF, truncated sequences).
enum UTF8Validation {
    /// The string the bytes spell, or `nil` when they are not well-formed UTF-8.
    static func string<Bytes: Collection>(validating bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return validatedByScalars(bytes)
    }

    /// The older-system path: each scalar parsed by the standard library's UTF-8 parser (available since Swift 4),
    /// which refuses ill-formed sequences as Unicode's definition D92 does; then the bytes decoded.
    static func validatedByScalars<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
