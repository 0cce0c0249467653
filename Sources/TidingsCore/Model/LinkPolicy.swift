/// Which links a notification may open: https and the native schemes of known meeting
/// and chat apps. Never `javascript:`, `data:`, `file:`, `vbscript:` or an unknown scheme.
public enum LinkPolicy {
    /// Schemes a deep link may use.
    public static let allowedSchemes: Set<String> = [
        "https", "zoommtg", "zoomus", "msteams", "slack", "discord", "jitsi-meet",
        "webex", "wbx", "facetime", "skype", "tel", "mailto",
    ]

    /// The lower-cased scheme of `link`, or nil when it has none.
    public static func scheme(of link: String) -> String? {
        let utf8 = link.utf8
        guard let colon = utf8.firstIndex(of: 0x3A) else { return nil }
        let scheme = utf8[..<colon]
        guard let first = scheme.first, isASCIILetter(first),
            scheme.allSatisfy({ isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return String(decoding: scheme.map { $0 | 0x20 }, as: UTF8.self)
    }

    /// Whether `link` may be opened: an allowed scheme, no white space or control characters,
    /// and for https a host.
    public static func isAllowed(_ link: String) -> Bool {
        refusal(of: link) == nil
    }

    /// Why `link` may not be opened, for people, or nil when it may: a link without a
    /// scheme, a scheme not on the list, white space or control characters, or an https
    /// link that is malformed (`"https:/evil.com" is not a valid URL: expected "https://"
    /// followed by a host`). The link is quoted, cut to 100 characters.
    public static func refusal(of link: String) -> String? {
        var shown: String { link.count > 100 ? "\"\(link.prefix(100))…\" (\(link.count) characters)" : "\"\(link)\"" }
        guard let scheme = scheme(of: link) else { return "\(shown) is not a URL: it has no scheme such as https:" }
        guard allowedSchemes.contains(scheme) else { return "scheme \(scheme): is not allowed" }
        if link.unicodeScalars.contains(where: { $0.isSpaceOrControl }) {
            return "\(shown) is not a valid URL: it holds white space or control characters"
        }
        guard scheme != "https" || isHTTPS(link) else {
            return "\(shown) is not a valid URL: expected \"https://\" followed by a host"
        }
        return nil
    }

    /// Whether `link` is `https://` followed by a host.
    public static func isHTTPS(_ link: String) -> Bool {
        let utf8 = link.utf8
        guard utf8.count > 8, scheme(of: link) == "https", utf8.dropFirst(5).starts(with: "://".utf8) else { return false }
        return utf8.dropFirst(8).first != 0x2F && !link.unicodeScalars.contains(where: { $0.isSpaceOrControl })
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
