/// The rules every source URL obeys, checked in the config and again before each fetch.
public enum SourceURL {
    /// Why `url` may not be fetched, or nil when it may: `https:` anywhere, `file:` paths,
    /// `http:` to this machine only (127.0.0.0/8, localhost, ::1).
    public static func problem(_ url: String) -> String? {
        guard let scheme = LinkPolicy.scheme(of: url) else { return "not a URL: \(ConfigError.quoted(url))" }
        switch scheme {
        case "https":
            let malformed = "\(ConfigError.quoted(url)) is not a valid URL: expected \"https://\" followed by a host"
            // The "://" must follow the scheme itself, not come later in the path or query.
            guard url.utf8.dropFirst(5).starts(with: "://".utf8), let host = host(of: url), !host.isEmpty else { return malformed }
            return nil
        case "file":
            // file:///path or file:/path; file://HOST/path names another machine.
            let local =
                url.hasPrefix("file:///") || url.lowercased().hasPrefix("file://localhost/")
                || (url.hasPrefix("file:/") && !url.hasPrefix("file://"))
            return local ? nil : "a file: URL must name a local path (file:///path), found \(ConfigError.quoted(url))"
        case "http":
            guard let host = host(of: url), isLoopback(host) else {
                return "http: is only allowed to this machine (127.0.0.1, localhost, [::1]); use https:"
            }
            return nil
        default:
            return "scheme \(scheme): is not supported; use https:, file: or http: to loopback"
        }
    }

    /// The `file://` URL of an absolute `path`, percent-encoded (a space or `#` in a folder
    /// name must not end the path).
    public static func fileURL(path: String) -> String {
        var encoded = "file://"
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "/-._~".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// Whether `host` names this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "[::1]" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The host of an `http(s)://` URL, without user info or port.
    public static func host(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        var authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }
}
