import Foundation

/// Turns event text (plain or HTML) into link candidates: hostile script-like links blanked
/// out, tags stripped (their `href` kept), entities decoded, then every `http(s)://` (or
/// percent-encoded `http(s)%3A%2F%2F`) run cut at its end and trimmed of trailing punctuation.
enum LinkText {
    /// One link-like run of the text, in order of appearance.
    struct Candidate: Equatable {
        /// The text of the run, trailing punctuation trimmed.
        var text: String
        /// Written percent-encoded (`https%3A%2F%2F…`): decode once before use.
        var encoded: Bool
        /// Written as an app link (`zoommtg://…`): `AppLinks` gives its https form.
        var app: AppLinks.App? = nil
    }

    /// The candidates of `text`, in order.
    static func candidates(in text: String) -> [Candidate] {
        var scalars = Array(text.unicodeScalars)
        neutralizeHostileLinks(&scalars)
        if looksLikeHTML(scalars) { scalars = stripTags(scalars) }
        scalars = decodeEntities(scalars)
        neutralizeHostileLinks(&scalars)
        return scan(scalars)
    }

    // MARK: Hostile schemes

    /// Schemes whose text is a script or a document rather than a place: a meeting link
    /// written inside one is its payload, not a link of the event.
    static let hostileSchemes = [
        "javascript:", "vbscript:", "livescript:", "data:", "file:", "blob:", "view-source:", "about:", "jar:", "mhtml:",
    ]

    /// Blanks every link of a hostile scheme: to the end of its attribute value inside a tag,
    /// otherwise to the next white space that is not inside a tag (so that
    /// `data:text/html,<a href="…">` goes as a whole).
    static func neutralizeHostileLinks(_ scalars: inout [Unicode.Scalar]) {
        var index = 0
        var inTag = false
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if inTag {
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    inTag = false
                }
            } else if scalar == "<", isTagStart(scalars, index) {
                inTag = true
            }
            guard startsHostileScheme(scalars, index) else {
                index += 1
                continue
            }
            let end: Int
            if inTag {
                if let open = quote {
                    end = scalars[index...].firstIndex(of: open) ?? scalars.count
                } else {
                    end = scalars[index...].firstIndex { $0 == ">" || $0.isSpace } ?? scalars.count
                }
            } else {
                end = endOfTextToken(scalars, from: index)
            }
            for position in index..<end { scalars[position] = " " }
            index = end
        }
    }

    private static func startsHostileScheme(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        // Most letters start no hostile scheme: look at the first one before anything else.
        let initial = lowerASCII(scalars[index]).value
        guard initial < 0x80, hostileInitials[Int(initial)] else { return false }
        // A scheme starts a token, or follows the punctuation that puts a link in an
        // attribute, a parameter or brackets; inside a word or a path it is not a scheme.
        if index > 0 {
            let before = scalars[index - 1]
            guard before.isSpaceOrControl || (before.value < 0x80 && schemeOpeners[Int(before.value)]) else { return false }
        }
        return hostileSchemes.contains { hasPrefix(scalars, index, $0) }
    }

    /// The first letters of `hostileSchemes`, lower case.
    private static let hostileInitials = asciiTable(hostileSchemes.compactMap { $0.unicodeScalars.first })
    /// What may stand just before a scheme that starts a link.
    private static let schemeOpeners = asciiTable(Array("\"'`()<>[]{}=,;:|".unicodeScalars))

    /// For each ASCII value, whether it is one of `members`: a look-up without hashing.
    private static func asciiTable(_ members: [Unicode.Scalar]) -> [Bool] {
        (0..<128).map { value in members.contains { $0.value == value } }
    }

    /// The end of a text-context token starting at `index`: the next white space, with tags
    /// (and their quoted attribute values) skipped as wholes.
    private static func endOfTextToken(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var position = index
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar.isSpaceOrControl { return position }
            if scalar == "<", isTagStart(scalars, position) {
                position = endOfTag(scalars, from: position)
                continue
            }
            position += 1
        }
        return position
    }

    // MARK: HTML

    /// Whether a tag (`<a …>`, `</p>`, `<br/>`, `<!-- … -->`) starts at `index`; `<https://…>`
    /// is a link in angle brackets, not a tag.
    private static func isTagStart(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        guard scalars[index] == "<", index + 1 < scalars.count else { return false }
        var position = index + 1
        if scalars[position] == "!" { return true }
        if scalars[position] == "/" { position += 1 }
        let nameStart = position
        while position < scalars.count, scalars[position].isASCII,
            scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position]) || scalars[position] == "-"
        {
            position += 1
        }
        guard position > nameStart, scalars[nameStart].properties.isAlphabetic else { return false }
        guard position < scalars.count else { return false }
        let after = scalars[position]
        return after.isSpace || after == ">" || after == "/"
    }

    /// The index just after the `>` closing the tag that starts at `index`.
    private static func endOfTag(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        if hasPrefix(scalars, index, "<!--") {
            var position = index + 4
            while position < scalars.count {
                if hasPrefix(scalars, position, "-->") { return position + 3 }
                position += 1
            }
            return scalars.count
        }
        var quote: Unicode.Scalar?
        var position = index + 1
        while position < scalars.count {
            let scalar = scalars[position]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return position + 1
            }
            position += 1
        }
        return scalars.count
    }

    /// Whether `scalars` holds a tag: a tag start with a `>` somewhere after it.
    static func looksLikeHTML(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let start = scalars.indices.first(where: { scalars[$0] == "<" && isTagStart(scalars, $0) }) else { return false }
        return scalars[(start + 1)...].contains(">")
    }

    /// The text of `scalars` with every tag replaced by a space, or by ` <href> ` when it
    /// carries an http(s) `href`; `script` and `style` elements go with their content.
    static func stripTags(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<", isTagStart(scalars, index) else {
                output.append(scalars[index])
                index += 1
                continue
            }
            let end = endOfTag(scalars, from: index)
            let tag = Array(scalars[index..<end])
            let name = tagName(tag)
            output.append(" ")
            if let href = attribute("href", of: tag) {
                let value = string(decodeEntities(href)[...]).trimmingCharacters(in: .whitespacesAndNewlines)
                let lower = value.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("http%3a%2f%2f") || lower.hasPrefix("https%3a%2f%2f")
                {
                    // Re-encoded so that the decoding pass does not change it twice.
                    output.append(contentsOf: value.unicodeScalars.map { $0 == "&" ? "\u{E000}" : $0 })
                    output.append(" ")
                }
            }
            index = end
            if name == "script" || name == "style" {
                // Skip to the matching end tag.
                var position = index
                while position < scalars.count, !(scalars[position] == "<" && hasPrefix(scalars, position, "</" + name)) {
                    position += 1
                }
                index = position < scalars.count ? endOfTag(scalars, from: position) : scalars.count
            }
        }
        return output
    }

    private static func tagName(_ tag: [Unicode.Scalar]) -> String {
        var name = ""
        for scalar in tag.dropFirst() {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty || scalar != "/" {
                break
            }
        }
        return name.lowercased()
    }

    /// The raw value of attribute `name` in `tag`.
    private static func attribute(_ name: String, of tag: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var index = 1
        while index < tag.count {
            // At the start of an attribute name that is `name`, preceded by white space.
            if tag[index - 1].isSpace, hasPrefix(tag, index, name, caseInsensitive: true) {
                var position = index + name.unicodeScalars.count
                while position < tag.count, tag[position].isSpace { position += 1 }
                if position < tag.count, tag[position] == "=" {
                    position += 1
                    while position < tag.count, tag[position].isSpace { position += 1 }
                    guard position < tag.count else { return nil }
                    if tag[position] == "\"" || tag[position] == "'" {
                        let open = tag[position]
                        let end = tag[(position + 1)...].firstIndex(of: open) ?? tag.count
                        return Array(tag[(position + 1)..<end])
                    }
                    let end = tag[position...].firstIndex { $0.isSpace || $0 == ">" } ?? tag.count
                    return Array(tag[position..<end])
                }
            }
            index += 1
        }
        return nil
    }

    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references decoded.
    static func decodeEntities(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard scalars.contains("&") || scalars.contains("\u{E000}") else { return scalars }
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{E000}" {
                output.append("&")
                index += 1
                continue
            }
            guard scalar == "&", let semicolon = scalars[index...].prefix(12).firstIndex(of: ";") else {
                output.append(scalar)
                index += 1
                continue
            }
            let body = string(scalars[(index + 1)..<semicolon])
            var decoded: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst(1)).flatMap(Unicode.Scalar.init)
            } else {
                decoded = namedEntities[body.lowercased()]
            }
            if let decoded {
                output.append(decoded)
                index = semicolon + 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return output
    }

    // MARK: Candidates

    private static func scan(_ scalars: [Unicode.Scalar]) -> [Candidate] {
        var candidates: [Candidate] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let app = appLink(scalars, index) {
                var end = index
                while end < scalars.count, !isTerminator(scalars[end]) { end += 1 }
                let text = trimTrailingPunctuation(string(scalars[index..<end]))
                candidates.append(Candidate(text: text, encoded: false, app: app))
                index = end
                continue
            }
            guard scalar == "h" || scalar == "H" else {
                index += 1
                continue
            }
            let encoded: Bool
            if hasPrefix(scalars, index, "https://", caseInsensitive: true) || hasPrefix(scalars, index, "http://", caseInsensitive: true) {
                encoded = false
            } else if hasPrefix(scalars, index, "https%3a%2f%2f", caseInsensitive: true)
                || hasPrefix(scalars, index, "http%3a%2f%2f", caseInsensitive: true)
            {
                encoded = true
            } else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !isTerminator(scalars[end], encoded: encoded) { end += 1 }
            let text = trimTrailingPunctuation(string(scalars[index..<end]))
            if !text.isEmpty { candidates.append(Candidate(text: text, encoded: encoded)) }
            index = end
        }
        return candidates
    }

    /// The app whose link (`zoommtg://`, `zoomus://`, `discord://`) starts at `index`, when
    /// one starts a word there.
    private static func appLink(_ scalars: [Unicode.Scalar], _ index: Int) -> AppLinks.App? {
        let initial = lowerASCII(scalars[index])
        guard initial == "z" || initial == "d" else { return nil }
        if index > 0 {
            let before = scalars[index - 1]
            guard !(before.properties.isAlphabetic || before.properties.numericType != nil || "+-.".unicodeScalars.contains(before)) else {
                return nil
            }
        }
        return AppLinks.schemes.first { hasPrefix(scalars, index, $0.prefix) }?.app
    }

    /// Characters that cannot be part of a link as written in text.
    static func isTerminator(_ scalar: Unicode.Scalar, encoded: Bool = false) -> Bool {
        // ASCII, most of any link, is answered from a table, without property look-ups.
        if scalar.value < 0x80 {
            let value = Int(scalar.value)
            return asciiTerminators[value] || (encoded && value == 0x26)
        }
        if scalar.isSpace { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: break
        }
        switch scalar {
        case "<", ">", "\"", "'", "\\", "`", "^", "{", "}", "|", "\u{E000}",
            "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}":
            return true
        case "&": return encoded
        default: return false
        }
    }

    /// `isTerminator` for each ASCII value (`&` aside, which ends only an encoded link).
    private static let asciiTerminators: [Bool] = (0..<128).map { value in
        value <= 0x20 || value == 0x7F || "<>\"'\\`^{}|".unicodeScalars.contains { $0.value == value }
    }

    /// `text` without the punctuation a sentence puts after a link: `.`, `,`, `;`, `:`, `!`,
    /// `?`, `*`, an ellipsis, and a `)` or `]` that closes nothing inside the link.
    static func trimTrailingPunctuation(_ text: String) -> String {
        let scalars = text.unicodeScalars
        // Opened minus closed, kept as characters are removed.
        var parentheses = 0
        var brackets = 0
        for scalar in scalars {
            switch scalar {
            case "(": parentheses += 1
            case ")": parentheses -= 1
            case "[": brackets += 1
            case "]": brackets -= 1
            default: break
            }
        }
        var end = scalars.endIndex
        trimming: while end > scalars.startIndex {
            let before = scalars.index(before: end)
            switch scalars[before] {
            case ".", ",", ";", ":", "!", "?", "*", "\u{2026}":
                break
            case ")" where parentheses < 0:
                parentheses += 1
            case "]" where brackets < 0:
                brackets += 1
            default:
                break trimming
            }
            end = before
        }
        return end == scalars.endIndex ? text : String(scalars[..<end])
    }

    /// The text of `text` up to its first terminator (for decoded, unwrapped links).
    static func cut(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix { !isTerminator($0) }))
    }

    /// The text of `scalars`: written as UTF-8 in one go, faster than appending scalar by
    /// scalar to a string.
    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        let capacity = scalars.reduce(0) { $0 + UTF8.width($1) }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    private static func hasPrefix(_ scalars: [Unicode.Scalar], _ index: Int, _ prefix: String, caseInsensitive: Bool = true) -> Bool {
        var position = index
        for expected in prefix.unicodeScalars {
            guard position < scalars.count else { return false }
            let actual = scalars[position]
            if caseInsensitive {
                guard lowerASCII(actual) == lowerASCII(expected) else { return false }
            } else {
                guard actual == expected else { return false }
            }
            position += 1
        }
        return true
    }

    private static func lowerASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
