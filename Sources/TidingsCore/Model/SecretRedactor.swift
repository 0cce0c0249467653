/// Finds configured secrets (tokens, signing secrets, API keys) in text that came back from
/// elsewhere, in the forms an answer may echo them, and replaces them by `[redacted]`.
///
/// A form is found as it is, JSON- or backslash-escaped (`\/`, `\u002F`, `\x2F`), percent-encoded
/// (`%2F`), as HTML entities (`&#47;`, `&amp;`), nested up to four times, in any letter case,
/// and cut short: any run of at least `max(min(n, 8), n − 8)` of the secret's `n` characters
/// (up to 4 cut at each end, at least 8 kept) counts as the secret. It is also found encoded,
/// in base64 (standard or URL-safe, padded or not, at any byte alignment inside a longer run)
/// and in hex (see `SecretRedactor+Encodings.swift`); there the whole encoded run is replaced.
///
/// It holds parts of the secrets, so it prints as `SecretRedactor(2 runs)` and mirrors nothing.
public struct SecretRedactor: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What a found secret is replaced by.
    public static let placeholder = "[redacted]"
    /// The fewest characters of a secret that count as a sighting (shorter secrets count whole).
    public static let minimumKept = 8
    /// The most characters a sighting may lack at each end of the secret.
    public static let maximumCut = 4
    /// How many times a text is decoded at most (an escape inside an escape …).
    static let decodingRounds = 4

    /// A folded run of one of a secret's forms that counts as a sighting, and for an encoded
    /// form, its encoding's alphabet (a sighting then spreads over the encoded run).
    private struct Window: Hashable {
        var scalars: [Unicode.Scalar]
        var alphabet: Alphabet?
    }

    /// The runs of each secret's forms that count as a sighting.
    private let windows: [Window]

    /// A redactor for `secrets`; empty ones are ignored, so nothing matches them.
    public init(secrets: [String]) {
        var windows: Set<Window> = []
        for secret in secrets where !secret.isEmpty {
            let plain = Self.stages(of: secret).map { (form: $0.map(\.scalar), alphabet: Alphabet?.none) }
            let encoded = Self.encodedForms(of: secret).map { (form: $0.form, alphabet: Alphabet?.some($0.alphabet)) }
            for (form, alphabet) in plain + encoded {
                let scalars = form.map(Self.folded)
                let length = max(min(scalars.count, Self.minimumKept), scalars.count - 2 * Self.maximumCut)
                guard length > 0 else { continue }
                for start in 0...(scalars.count - length) {
                    windows.insert(Window(scalars: Array(scalars[start..<start + length]), alphabet: alphabet))
                }
            }
        }
        self.windows = Array(windows)
    }

    /// `SecretRedactor(N runs)`: how many runs it looks for, never what they are.
    public var description: String { "SecretRedactor(\(windows.count) runs)" }
    /// The same as `description`.
    public var debugDescription: String { description }
    /// No children, so that `dump` shows nothing of the secrets.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Whether there is no secret to look for.
    public var isEmpty: Bool { windows.isEmpty }

    /// Whether `text` holds a secret in any of the forms this redactor finds.
    public func reveals(_ text: String) -> Bool { !sightings(in: text).isEmpty }

    /// `text` with every sighting of a secret (and whatever encoded it) replaced by `[redacted]`.
    public func redact(_ text: String) -> String {
        let spans = sightings(in: text)
        guard !spans.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var position = 0
        for span in spans {
            out.append(contentsOf: scalars[position..<span.lowerBound])
            out.append(contentsOf: Self.placeholder.unicodeScalars)
            position = span.upperBound
        }
        out.append(contentsOf: scalars[position...])
        return String(out)
    }

    /// The sightings in `text` as merged ranges of its scalars, in order.
    private func sightings(in text: String) -> [Range<Int>] {
        guard !windows.isEmpty, !text.isEmpty else { return [] }
        var found: [Range<Int>] = []
        for stage in Self.stages(of: text) {
            let folded = stage.map { Self.folded($0.scalar) }
            for window in windows where window.scalars.count <= folded.count {
                let scalars = window.scalars
                guard let first = scalars.first else { continue }
                var start = 0
                while start <= folded.count - scalars.count {
                    if folded[start] == first, folded[start..<start + scalars.count].elementsEqual(scalars) {
                        var (lower, upper) = (start, start + scalars.count)
                        if let alphabet = window.alphabet {
                            while lower > 0, alphabet.continues(stage[lower - 1].scalar, trailing: false) { lower -= 1 }
                            while upper < stage.count, alphabet.continues(stage[upper].scalar, trailing: true) { upper += 1 }
                        }
                        found.append(stage[lower].start..<stage[upper - 1].end)
                    }
                    start += 1
                }
            }
        }
        var merged: [Range<Int>] = []
        for span in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// A decoded character and the scalars of the original text it came from.
    struct Unit: Equatable {
        /// The character, decoded.
        var scalar: Unicode.Scalar
        /// The offset of the first original scalar it came from.
        var start: Int
        /// The offset just after the last original scalar it came from.
        var end: Int
    }

    /// `text` as it is, then decoded once, twice, … until decoding changes nothing.
    static func stages(of text: String) -> [[Unit]] {
        var stage = text.unicodeScalars.enumerated().map { Unit(scalar: $0.element, start: $0.offset, end: $0.offset + 1) }
        var stages = [stage]
        for _ in 0..<decodingRounds {
            let next = decoded(stage)
            if next.map(\.scalar) == stage.map(\.scalar) { break }
            stages.append(next)
            stage = next
        }
        return stages
    }

    /// `scalar` in lower case when that is one scalar (enough for tokens, which are ASCII).
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? scalar : scalar
    }

    /// One round of decoding: backslash escapes, percent-encoding and HTML character references.
    static func decoded(_ units: [Unit]) -> [Unit] {
        var out: [Unit] = []
        out.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            let decoding = backslash(units, at: index) ?? percent(units, at: index) ?? entity(units, at: index)
            if let (scalar, next) = decoding {
                out.append(Unit(scalar: scalar, start: units[index].start, end: units[next - 1].end))
                index = next
            } else {
                out.append(units[index])
                index += 1
            }
        }
        return out
    }

    /// `\/`, `\"`, `\\` and other escaped punctuation, `\n`-style controls, `\uXXXX` (with
    /// surrogate pairs) and `\xHH` at `index`: the scalar and the index after it.
    private static func backslash(_ units: [Unit], at index: Int) -> (Unicode.Scalar, Int)? {
        guard units[index].scalar == "\\", index + 1 < units.count else { return nil }
        let next = units[index + 1].scalar
        switch next {
        case "u":
            guard let high = hex(units, from: index + 2, count: 4) else { return nil }
            if (0xD800...0xDBFF).contains(high), index + 7 < units.count, units[index + 6].scalar == "\\", units[index + 7].scalar == "u",
                let low = hex(units, from: index + 8, count: 4), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                return (scalar, index + 12)
            }
            return Unicode.Scalar(high).map { ($0, index + 6) }
        case "x":
            return hex(units, from: index + 2, count: 2).flatMap(Unicode.Scalar.init).map { ($0, index + 4) }
        case "n": return ("\n", index + 2)
        case "t": return ("\t", index + 2)
        case "r": return ("\r", index + 2)
        case "b": return ("\u{08}", index + 2)
        case "f": return ("\u{0C}", index + 2)
        default:
            guard next.isASCII, next.properties.isPatternSyntax else { return nil }
            return (next, index + 2)
        }
    }

    /// `%HH` at `index` (with the `%HH` that follow when they complete a UTF-8 sequence).
    private static func percent(_ units: [Unit], at index: Int) -> (Unicode.Scalar, Int)? {
        guard units[index].scalar == "%", let lead = hex(units, from: index + 1, count: 2) else { return nil }
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0 else { return nil }
        var bytes = [UInt8(lead)]
        for part in 1..<length {
            let at = index + 3 * part
            guard at < units.count, units[at].scalar == "%", let byte = hex(units, from: at + 1, count: 2), byte >> 6 == 0b10 else { return nil }
            bytes.append(UInt8(byte))
        }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, index + 3 * length)
    }

    /// `&#DD;`, `&#xHH;` and the common named references at `index`.
    private static func entity(_ units: [Unit], at index: Int) -> (Unicode.Scalar, Int)? {
        guard units[index].scalar == "&" else { return nil }
        var name = ""
        var end = index + 1
        while end < units.count, end - index <= 10, units[end].scalar != ";" {
            name.unicodeScalars.append(units[end].scalar)
            end += 1
        }
        guard end < units.count, units[end].scalar == ";", !name.isEmpty else { return nil }
        let lower = name.lowercased()
        let value: UInt32? =
            if lower.hasPrefix("#x") {
                UInt32(lower.dropFirst(2), radix: 16)
            } else if lower.hasPrefix("#") {
                UInt32(lower.dropFirst(), radix: 10)
            } else {
                ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "sol": 0x2F, "plus": 0x2B, "equals": 0x3D, "percnt": 0x25][lower]
            }
        return value.flatMap(Unicode.Scalar.init).map { ($0, end + 1) }
    }

    /// The value of `count` hex digits from `start`, or nil.
    private static func hex(_ units: [Unit], from start: Int, count: Int) -> UInt32? {
        guard start + count <= units.count else { return nil }
        var value: UInt32 = 0
        for unit in units[start..<start + count] {
            guard unit.scalar.isASCII, let digit = Character(unit.scalar).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
