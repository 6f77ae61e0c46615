// SplitMix64.swift: a small seedable random number generator (Steele, Lea and Flood's SplitMix64), so a
// generated input, corpus or secret can be made again from its seed. For tests, fuzzing and the
// benchmarks; not for anything secret.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }
    package init(_ seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// Pieces drawn at random and joined, `lengths` pieces long: the seeded tests' texts, paths and domains.
    /// The count is drawn first, then each piece, so a seed makes the same input again.
    package mutating func joined<C: RangeReplaceableCollection>(_ pieces: [C], lengths: ClosedRange<Int>) -> C {
        var joined = C()
        for _ in 0..<Int.random(in: lengths, using: &self) { joined += pieces.randomElement(using: &self) ?? C() }
        return joined
    }
}
