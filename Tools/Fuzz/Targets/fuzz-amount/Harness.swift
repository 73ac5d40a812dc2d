import FuzzHeadlessInvariants

/// libFuzzer's entry point for `fuzz-amount`: every input goes through `AmountFuzzInvariants.check`, and a broken invariant
/// traps (`fatalError` keeps its message in a release build) so that libFuzzer keeps the input as a crash (see scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try AmountFuzzInvariants.check(bytes)
    } catch {
        fatalError("fuzz-amount invariant violated: \(error)")
    }
    return 0
}
