import FuzzHeadlessInvariants

/// libFuzzer's entry point for `fuzz-loan`: every input goes through `LoanFuzzInvariants.check`, and a broken invariant
/// traps (`fatalError` keeps its message in a release build) so that libFuzzer keeps the input as a crash (see scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try LoanFuzzInvariants.check(bytes)
    } catch {
        fatalError("fuzz-loan invariant violated: \(error)")
    }
    return 0
}
