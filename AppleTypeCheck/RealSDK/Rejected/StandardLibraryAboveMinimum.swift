// expect-error: 'init(validating:as:)' is only available in
// A call the package made until the real SDK showed it: the standard library's `String(validating:as:)` is declared
// `@available(macOS 15.0, iOS 18.0, …)` in Apple's SDKs, above the package's minimums (iOS 17, macOS 14), and an app
// or library built for those minimums must not call it unguarded. Only a real SDK can reject this: the stand-in
// harness compiles against the Linux standard library, where it has no availability. The package's parser goes
// through `UTF8Validation.string(validating:)` instead (AppleTypeCheck/RealSDK/Accepted/StandardLibraryGuarded.swift).
// The slice is the parser's old call; with an `[UInt8]` argument the same mistake is reported as "conflicting
// arguments to generic parameter 'some Sequence'", the only overload being unavailable.
func text(of bytes: ArraySlice<UInt8>) -> String? {
    String(validating: bytes, as: UTF8.self)
}
