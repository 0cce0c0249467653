/// The encoded forms of a secret that `SecretRedactor` also looks for: base64 (standard and
/// URL-safe, padded or not) and hex (any letter case).
///
/// Base64 is found at every byte alignment, as when the secret is one part of a longer
/// encoded run (SMTP's AUTH PLAIN encodes `\0user\0password`, so the password starts at byte
/// `k` of the run): for each of the three alignments, the characters that depend on the
/// secret's bytes alone (not on what comes before or after it) are its stable middle, and
/// that middle is what is looked for. A sighting covers the whole encoded run around it.
extension SecretRedactor {
    /// The characters a run of one encoding is made of.
    enum Alphabet: Hashable, Sendable {
        /// `A–Z a–z 0–9 + / - _`, and `=` at the end.
        case base64
        /// `0–9 a–f A–F`.
        case hex

        /// Whether `scalar` continues a run of this encoding; `trailing`: after the sighting.
        func continues(_ scalar: Unicode.Scalar, trailing: Bool) -> Bool {
            guard scalar.isASCII else { return false }
            let value = UInt8(scalar.value)
            let digit = (0x30...0x39).contains(value)
            let lower = (0x61...0x7A).contains(value)
            let upper = (0x41...0x5A).contains(value)
            switch self {
            case .base64:
                return digit || lower || upper || "+/-_".utf8.contains(value) || (trailing && value == 0x3D)
            case .hex:
                return digit || (0x61...0x66).contains(value) || (0x41...0x46).contains(value)
            }
        }
    }

    /// The fewest characters an encoded form must have to be looked for: shorter ones would
    /// match ordinary words (secrets of 5 bytes or more are always looked for encoded).
    static let shortestEncoded = 6

    /// `secret`'s encoded forms: the stable middle of its base64 at byte offsets 0, 1 and 2,
    /// standard and URL-safe, and its hex.
    static func encodedForms(of secret: String) -> [(form: [Unicode.Scalar], alphabet: Alphabet)] {
        let bytes = Array(secret.utf8)
        var forms: [(form: [Unicode.Scalar], alphabet: Alphabet)] = []
        for offset in 0..<3 {
            for urlSafe in [false, true] {
                forms.append((base64Middle(of: bytes, offset: offset, urlSafe: urlSafe), .base64))
            }
        }
        forms.append((hex(bytes), .hex))
        return forms.filter { $0.form.count >= shortestEncoded }
    }

    /// The base64 characters of `bytes` placed `offset` bytes into a longer run, that depend on
    /// `bytes` only: from the first character whose six bits all lie in them to the last.
    static func base64Middle(of bytes: [UInt8], offset: Int, urlSafe: Bool) -> [Unicode.Scalar] {
        let alphabet = Array((urlSafe ? base64URLAlphabet : base64Alphabet).unicodeScalars)
        var padded = [UInt8](repeating: 0, count: offset) + bytes
        while padded.count % 3 != 0 { padded.append(0) }
        var characters: [Unicode.Scalar] = []
        characters.reserveCapacity(padded.count / 3 * 4)
        var index = 0
        while index < padded.count {
            let group = UInt32(padded[index]) << 16 | UInt32(padded[index + 1]) << 8 | UInt32(padded[index + 2])
            for shift in [18, 12, 6, 0] { characters.append(alphabet[Int(group >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let first = (8 * offset + 5) / 6
        let end = 8 * (offset + bytes.count) / 6
        guard first < end else { return [] }
        return Array(characters[first..<end])
    }

    /// `bytes` as lower-case hex.
    static func hex(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        let digits = Array("0123456789abcdef".unicodeScalars)
        return bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
    }

    private static let base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    private static let base64URLAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
}
