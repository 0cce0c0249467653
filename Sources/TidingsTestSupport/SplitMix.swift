/// SplitMix64: a tiny deterministic generator, so that generated test cases and random
/// delays are the same on every run and a failing seed reproduces.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    /// A generator started at `state`.
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A fair coin.
    public mutating func coin() -> Bool { next() & 1 == 1 }

    /// One of `values`, which must not be empty.
    public mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }

    /// A number in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}
