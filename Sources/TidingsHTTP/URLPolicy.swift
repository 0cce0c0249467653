import CCurl
import Glibc

/// Decides which URLs may be fetched: `https:`, `file:`, and `http:` only to a loopback host.
public enum URLPolicy {
    /// The schemes the client speaks at all, in the form `CURLOPT_PROTOCOLS_STR` takes.
    static let protocols = "http,https,file"

    /// Throws ``HTTPError/Kind/refusedURL`` unless `url` is allowed.
    public static func check(_ url: String) throws(HTTPError) {
        if let reason = refusal(for: url) {
            throw .refused(url, reason)
        }
    }

    /// Why `url` is not allowed, or nil when it is.
    static func refusal(for url: String) -> String? {
        guard let scheme = scheme(of: url) else {
            return "not an absolute url"
        }
        guard ["http", "https", "file"].contains(scheme) else {
            return "scheme \"\(scheme)\" is not allowed (only https, file, and http to a loopback host)"
        }
        // libcurl reads "https:/host" and "https:host" as "https://host"; a URL that does not
        // say what it means is refused as malformed, not as a scheme problem.
        if scheme != "file", !url.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8) {
            return "not a valid URL: expected \"\(scheme)://\" followed by a host"
        }
        let parsed: CurlURL
        switch CurlURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let failure): return failure.reason
        }
        guard scheme == "http" else { return nil }
        guard let host = parsed.host, isLoopback(host) else {
            return "plain http is allowed only to a loopback host, not \(parsed.host ?? "an empty host")"
        }
        return nil
    }

    /// Whether `url` is allowed, without saying why not.
    public static func allows(_ url: String) -> Bool {
        refusal(for: url) == nil
    }

    /// The lower-cased scheme of `url` per RFC 3986, or nil when it has none.
    static func scheme(of url: String) -> String? {
        // Every character of a scheme is ASCII, so the bytes are enough (and much quicker).
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = bytes[..<colon]
        let isLetter: (UInt8) -> Bool = { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        guard let first = candidate.first, isLetter(first) else { return nil }
        let valid = candidate.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        return valid ? String(decoding: candidate, as: UTF8.self).lowercased() : nil
    }

    /// Whether a host, as libcurl's URL parser normalizes it, is on this machine.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        if host.hasPrefix("["), host.hasSuffix("]") {
            return isLoopbackIPv6(String(host.dropFirst().dropLast()))
        }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        // s_addr is in network byte order, so the first octet is the lowest byte in memory.
        return withUnsafeBytes(of: address.s_addr) { $0[0] } == 127
    }

    private static func isLoopbackIPv6(_ literal: String) -> Bool {
        var address = in6_addr()
        guard inet_pton(AF_INET6, literal, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        let unspecifiedPrefix = bytes[0..<15].allSatisfy { $0 == 0 }
        if unspecifiedPrefix && bytes[15] == 1 { return true }
        // An IPv4-mapped address (::ffff:127.x.y.z) reaches IPv4 loopback.
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        return mapped && bytes[12] == 127
    }
}
