/// Builds zlib-wrapped deflate bodies whose decoded size far exceeds their encoded size.
enum DeflateFixture {
    /// `count` copies of `byte`, encoded as one fixed-Huffman block of 258-byte back-references.
    static func run(of byte: UInt8, count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeLiteral(byte)
        var remaining = count - 1
        while remaining >= 258 {
            bits.writeCode(0b1100_0101, length: 8)  // length symbol 285: 258 bytes, no extra bits
            bits.writeCode(0, length: 5)  // distance symbol 0: distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeLiteral(byte) }
        bits.writeCode(0, length: 7)  // end of block
        return [0x78, 0x01] + bits.bytes + adler32(of: byte, count: count)
    }

    private static func adler32(of byte: UInt8, count: Int) -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for _ in 0..<count {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let sum = b << 16 | a
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: sum >> $0) }
    }
}

/// Packs bits least-significant first, as deflate requires.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count { append(bit: (value >> index) & 1) }
    }

    /// Huffman codes go most-significant bit first.
    mutating func writeCode(_ code: UInt32, length: Int) {
        for index in (0..<length).reversed() { append(bit: (code >> index) & 1) }
    }

    mutating func writeLiteral(_ byte: UInt8) {
        if byte < 144 {
            writeCode(0x30 + UInt32(byte), length: 8)
        } else {
            writeCode(0x190 + UInt32(byte) - 144, length: 9)
        }
    }

    private mutating func append(bit: UInt32) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used += 1
    }
}
