/// Makes untrusted text safe and tidy to show: no control or bidi-override characters,
/// white space folded, trimmed, and no character swollen by a flood of marks or joiners.
public enum TextSanitizer {
    /// Most combining marks kept in a row after a base character: a renderer stacks a few,
    /// and a letter with 60,000 marks would still count as one character.
    public static let maxMarksInRow = 4
    /// Most Unicode scalars kept in one character: the longest emoji sequences have ten,
    /// while a run of joined emoji or of conjoining jamo is one character of any length.
    public static let maxScalarsPerCharacter = 16

    /// Returns `text` with control characters replaced by spaces, bidi overrides removed,
    /// runs of white space folded into one space, both ends trimmed, at most
    /// `maxMarksInRow` combining marks in a row and `maxScalarsPerCharacter` scalars in a
    /// character.
    public static func clean(_ text: String) -> String {
        if isClean(text) { return text }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        var marks = 0
        var ascii = true
        for scalar in text.unicodeScalars {
            if isRemoved(scalar) { continue }
            if scalar.isSpaceOrControl {
                pendingSpace = !result.isEmpty
                marks = 0
                continue
            }
            if scalar.isCombiningMark {
                marks += 1
                if marks > maxMarksInRow { continue }
            } else {
                marks = 0
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            ascii = ascii && scalar.isASCII
            result.append(scalar)
        }
        return ascii ? String(result) : boundingCharacters(String(result))
    }

    /// `text` with every character cut to its first `maxScalarsPerCharacter` scalars; a cut
    /// character loses a trailing joiner, which would join it to the next.
    private static func boundingCharacters(_ text: String) -> String {
        guard text.contains(where: { $0.unicodeScalars.count > maxScalarsPerCharacter }) else { return text }
        var result = String.UnicodeScalarView()
        for character in text {
            let scalars = character.unicodeScalars
            guard scalars.count > maxScalarsPerCharacter else {
                result.append(contentsOf: scalars)
                continue
            }
            var kept = Array(scalars.prefix(maxScalarsPerCharacter))
            while kept.count > 1, kept.last?.value == 0x200D { kept.removeLast() }
            result.append(contentsOf: kept)
        }
        return String(result)
    }

    /// Whether `clean` would return `text` unchanged because it is printable ASCII with
    /// single inner spaces (most titles and places): answered without building a new string.
    private static func isClean(_ text: String) -> Bool {
        var afterSpace = true
        for byte in text.utf8 {
            guard byte >= 0x20 && byte <= 0x7E else { return false }
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else {
                afterSpace = false
            }
        }
        return !afterSpace
    }

    /// Bidi embeddings, overrides and isolates can make a title read backwards (the
    /// "Trojan Source" trick); nothing legitimate in a notification needs them.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0xFEFF: true
        default: false
        }
    }

    /// `text` with `&`, `<` and `>` as entities, for receivers that read it as markup
    /// (a notification daemon announcing `body-markup`, Slack).
    public static func escapingMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension Unicode.Scalar {
    /// A combining mark (Mn, Mc, Me) other than a variation selector, which belongs to an
    /// emoji or an ideograph rather than stacking on a letter.
    var isCombiningMark: Bool {
        guard value >= 0x300 else { return false }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Unicode white space, answered without a property look-up for ASCII (the hot case).
    public var isSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    /// White space or a control character (Cc), answered without a property look-up for ASCII.
    public var isSpaceOrControl: Bool {
        value < 0x80 ? value <= 0x20 || value == 0x7F : properties.isWhitespace || properties.generalCategory == .control
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes: a plain scan, several times faster here than
    /// the generic collection searches for the short needles Tidings looks for.
    public func containsBytes(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard count >= needle.count else { return false }
        var start = 0
        let last = count - needle.count
        while start <= last {
            if self[start] == first && self[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}

extension String {
    /// The first `count` characters: the text itself, without counting its characters, when
    /// it has no more bytes than that.
    public func leading(_ count: Int) -> String { utf8.count <= count ? self : String(prefix(count)) }
}
