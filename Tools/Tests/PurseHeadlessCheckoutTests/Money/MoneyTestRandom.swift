/// A small seeded pseudo-random generator for property tests (SplitMix64).
///
/// Deterministic on every platform and toolchain: bounded values are derived here with integer
/// arithmetic, not with the standard library's `random(in:using:)`, whose algorithm may change.
/// A failing case prints its seed; rerun it alone with `PURSE_SPLIT_SEED=0x… swift test`.
struct MoneyTestRandom {
    private var state: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64, Steele, Lea and Flood 2014).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `range` (multiply-high reduction; the tiny bias does not matter for tests).
    mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        guard span != 0 else { return Int64(bitPattern: next()) }  // the full Int64 range
        return range.lowerBound &+ Int64(bitPattern: next().multipliedFullWidth(by: span).high)
    }

    /// An `Int` in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ items: [Element]) -> Element {
        items[int(in: 0...(items.count - 1))]
    }

    /// A non-negative amount spread over magnitudes: as likely to have 1 digit as 12 (at most 18), now and
    /// then within 3 of `Int64.max`.
    mutating func magnitude(maxDigits: Int = 12) -> Int64 {
        if chance(2) { return Int64.max - int64(in: 0...3) }
        let digits = int(in: 1...Swift.min(Swift.max(maxDigits, 1), 18))
        var upper: Int64 = 1
        for _ in 0..<digits { upper *= 10 }
        return int64(in: 0...(upper - 1))
    }

    /// The seed of the `index`-th case derived from `base`: independent streams per case.
    static func caseSeed(base: UInt64, index: Int) -> UInt64 {
        var mixer = MoneyTestRandom(seed: base ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
