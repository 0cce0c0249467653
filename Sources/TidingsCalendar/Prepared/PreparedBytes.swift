import TidingsCore

/// Why a prepared form cannot be used: it is damaged, stale, or was written by another build.
struct PreparedDamage: Error {
    /// What is wrong, for tests and narration.
    let reason: String
}

/// Appends the values of a prepared form, little-endian, strings as a length and their UTF-8.
struct PreparedWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes `value` over the 8 bytes at `offset`, written before.
    mutating func int(_ value: Int64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    mutating func int32(_ value: Int32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func string(_ value: String) {
        int32(Int32(truncatingIfNeeded: value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optional(_ value: String?) {
        flag(value != nil)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        int32(Int32(truncatingIfNeeded: values.count))
        for value in values { string(value) }
    }
}

/// Reads what `PreparedWriter` wrote; every read checks the bounds, so a damaged file throws
/// instead of reading past its end or allocating what a bad length claims.
struct PreparedReader {
    let bytes: [UInt8]
    private(set) var at: Int

    init(_ bytes: [UInt8], at: Int = 0) {
        self.bytes = bytes
        self.at = at
    }

    var isAtEnd: Bool { at == bytes.count }

    private mutating func take(_ count: Int) throws(PreparedDamage) -> Int {
        guard count >= 0, count <= bytes.count - at else { throw PreparedDamage(reason: "truncated at byte \(at)") }
        defer { at += count }
        return at
    }

    mutating func int() throws(PreparedDamage) -> Int64 {
        let start = try take(8)
        return Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int64.self) })
    }

    mutating func int32() throws(PreparedDamage) -> Int32 {
        let start = try take(4)
        return Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int32.self) })
    }

    mutating func byte() throws(PreparedDamage) -> UInt8 {
        bytes[try take(1)]
    }

    mutating func flag() throws(PreparedDamage) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw PreparedDamage(reason: "flag \(other) at byte \(at - 1)")
        }
    }

    /// A count of items that take at least `minimumSize` bytes each: no more than the rest can hold.
    mutating func count(minimumSize: Int = 1) throws(PreparedDamage) -> Int {
        let value = Int(try int32())
        guard value >= 0, value <= (bytes.count - at) / max(1, minimumSize) else {
            throw PreparedDamage(reason: "count \(value) at byte \(at - 4)")
        }
        return value
    }

    mutating func string() throws(PreparedDamage) -> String {
        let length = Int(try int32())
        let start = try take(length)
        return String(decoding: bytes[start..<start + length], as: UTF8.self)
    }

    mutating func optional() throws(PreparedDamage) -> String? {
        try flag() ? try string() : nil
    }

    mutating func strings() throws(PreparedDamage) -> [String] {
        let count = try count(minimumSize: 4)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }
}

extension StableHash {
    /// FNV-1a over `bytes`: the check sum of a prepared form.
    static func fnv1a(bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
