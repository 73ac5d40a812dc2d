import FuzzHeadlessInvariants

/// libFuzzer's entry point for `fuzz-hint`: every input goes through `HintFuzzInvariants.check`, and a broken invariant
/// traps (`fatalError` keeps its message in a release build) so that libFuzzer keeps the input as a crash (see scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try HintFuzzInvariants.check(bytes)
    } catch {
        fatalError("fuzz-hint invariant violated: \(error)")
    }
    return 0
}
