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
        guard let colon = link.firstIndex(of: ":") else { return nil }
        let scheme = link[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Whether `link` may be opened: an allowed scheme, no white space or control characters,
    /// and for https a host.
    public static func isAllowed(_ link: String) -> Bool {
        guard let scheme = scheme(of: link), allowedSchemes.contains(scheme) else { return false }
        if link.unicodeScalars.contains(where: { $0.isSpaceOrControl }) {
            return false
        }
        return scheme == "https" ? isHTTPS(link) : true
    }

    /// Whether `link` is `https://` followed by a host.
    public static func isHTTPS(_ link: String) -> Bool {
        let rest = link.dropFirst("https://".count)
        return link.lowercased().hasPrefix("https://") && !rest.isEmpty && !rest.hasPrefix("/")
            && !link.unicodeScalars.contains(where: { $0.isSpaceOrControl })
    }
}
