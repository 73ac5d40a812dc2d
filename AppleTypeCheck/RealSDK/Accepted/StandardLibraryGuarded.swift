// The shape the package's parser uses for an API above its minimums (JSON/UTF8Validation.swift): the call inside an
// `#available` branch, and below it a path every declared minimum has. Compiles at iOS 17 and macOS 14 against a real
// SDK; its rejected twin is AppleTypeCheck/RealSDK/Rejected/StandardLibraryAboveMinimum.swift.
func text(of bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : nil
}
