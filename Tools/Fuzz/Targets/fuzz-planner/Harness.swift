import FuzzHeadlessInvariants

/// libFuzzer's entry point for `fuzz-planner`: every input goes through `PlannerFuzzInvariants.check` on the main
/// actor (libFuzzer calls from the main thread), and a broken invariant traps (`fatalError` keeps its message in a
/// release build) so that libFuzzer keeps the input as a crash (see scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated {
        do {
            try PlannerFuzzInvariants.check(bytes)
        } catch {
            fatalError("fuzz-planner invariant violated: \(error)")
        }
    }
    return 0
}
