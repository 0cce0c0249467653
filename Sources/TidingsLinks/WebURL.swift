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
        // Read as UTF-8 bytes: every part that decides is ASCII, and a host with anything
        // else in it is refused.
        let utf8 = text.utf8
        let schemeLength: Int
        if Self.startsWithoutCase(utf8, "https://") {
            scheme = "https"
            schemeLength = 8
        } else if Self.startsWithoutCase(utf8, "http://") {
            scheme = "http"
            schemeLength = 7
        } else {
            return nil
        }
        let afterScheme = utf8.index(utf8.startIndex, offsetBy: schemeLength)
        let authorityEnd = utf8[afterScheme...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? utf8.endIndex
        var authority = utf8[afterScheme..<authorityEnd]
        guard !authority.contains(0x40), !authority.contains(0x5C), authority.first != 0x5B else { return nil }
        if let colon = authority.lastIndex(of: 0x3A) {
            let port = authority[authority.index(after: colon)...]
            let defaultPort = scheme == "https" ? "443" : "80"
            guard port.isEmpty || port.elementsEqual(defaultPort.utf8) else { return nil }
            authority = authority[..<colon]
        }
        var host = authority.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if host.last == 0x2E { host.removeLast() }
        guard host.count <= 253, Self.isHostName(host) else { return nil }
        var rest = String(text[authorityEnd...])
        if rest.isEmpty || rest.utf8.first == 0x3F || rest.utf8.first == 0x23 { rest = "/" + rest }
        self.host = String(decoding: host, as: UTF8.self)
        self.rest = rest
    }

    /// Whether lower-cased `host` is two or more labels of `a-z`, `0-9` and inner `-`, each
    /// 1 to 63 long.
    private static func isHostName(_ host: [UInt8]) -> Bool {
        var labels = 1
        var length = 0
        var previous: UInt8 = 0x2E
        for byte in host {
            if byte == 0x2E {
                guard length > 0, previous != 0x2D else { return false }
                labels += 1
                length = 0
            } else {
                guard (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D,
                    !(byte == 0x2D && length == 0)
                else { return false }
                length += 1
                guard length <= 63 else { return false }
            }
            previous = byte
        }
        return labels >= 2 && length > 0 && previous != 0x2D
    }

    /// Whether `utf8` starts with the ASCII `prefix`, compared without case.
    private static func startsWithoutCase(_ utf8: String.UTF8View, _ prefix: StaticString) -> Bool {
        var index = utf8.startIndex
        for position in 0..<prefix.utf8CodeUnitCount {
            guard index < utf8.endIndex else { return false }
            let byte = utf8[index]
            guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == prefix.utf8Start[position] else { return false }
            utf8.formIndex(after: &index)
        }
        return true
    }

    /// The path alone.
    var path: Substring { rest[..<(rest.utf8.firstIndex { $0 == 0x3F || $0 == 0x23 } ?? rest.endIndex)] }

    /// The query without its `?`, when there is one.
    var query: Substring? {
        guard let mark = rest.utf8.firstIndex(of: 0x3F) else { return nil }
        if let hash = rest.utf8.firstIndex(of: 0x23), hash < mark { return nil }
        let start = rest.utf8.index(after: mark)
        return rest[start..<(rest.utf8[start...].firstIndex(of: 0x23) ?? rest.endIndex)]
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
