/// An http(s) URL taken apart just enough to judge it: scheme, host and the rest. Anything
/// unusual for a meeting link (user info, an odd port, a non-ASCII or numeric-IPv6 host) is
/// refused rather than interpreted, so that a host can never be read two ways.
struct WebURL: Equatable {
    /// `http` or `https`, lower-cased.
    var scheme: String
    /// Lower-cased, without a trailing dot.
    var host: String
    /// The path (at least `/`), then `?query` and `#fragment` as written.
    var rest: String

    init?(_ text: String) {
        let lower = text.prefix(8).lowercased()
        let afterScheme: Substring
        if lower.hasPrefix("https://") {
            scheme = "https"
            afterScheme = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            scheme = "http"
            afterScheme = text.dropFirst(7)
        } else {
            return nil
        }
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd]
        var rest = String(afterScheme[authorityEnd...])
        guard !authority.contains("@"), !authority.contains("\\"), !authority.hasPrefix("[") else { return nil }
        if let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            let defaultPort = scheme == "https" ? "443" : "80"
            guard port.isEmpty || port == defaultPort else { return nil }
            authority = authority[..<colon]
        }
        var host = authority.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard host.utf8.count <= 253, labels.count >= 2,
            labels.allSatisfy({ label in
                !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            })
        else { return nil }
        if rest.isEmpty || rest.hasPrefix("?") || rest.hasPrefix("#") { rest = "/" + rest }
        self.host = host
        self.rest = rest
    }

    /// The path alone.
    var path: Substring { rest[..<(rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex)] }

    /// The query without its `?`, when there is one.
    var query: Substring? {
        guard let mark = rest.firstIndex(of: "?") else { return nil }
        if let hash = rest.firstIndex(of: "#"), hash < mark { return nil }
        let start = rest.index(after: mark)
        return rest[start..<(rest[start...].firstIndex(of: "#") ?? rest.endIndex)]
    }

    /// The raw (still percent-encoded) value of the first query parameter called `name`
    /// (compared without case).
    func queryValue(_ name: String) -> Substring? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0].lowercased() == name.lowercased() { return parts.count > 1 ? parts[1] : "" }
        }
        return nil
    }

    /// The https form.
    var https: String { "https://" + host + rest }
}

/// Percent-decoding as URLs need it: `%XX` to bytes, read as UTF-8. Nil when that does not
/// make valid UTF-8 (the caller keeps the encoded text).
func percentDecoded(_ text: some StringProtocol) -> String? {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
        if byte == UInt8(ascii: "%"), iterator.count >= 2,
            let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1])
        {
            bytes.append(high << 4 | low)
            iterator = iterator.dropFirst(2)
        } else {
            bytes.append(byte)
        }
    }
    return String(validating: bytes, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
