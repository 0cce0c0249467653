import Foundation

/// Where a connection goes, as given (a `postgresql://` URL or a libpq `key=value` conninfo),
/// with the means to name it without its password: every message the client makes passes
/// through `redact(_:)`, since libpq may echo part of a malformed URL.
public struct PostgresTarget: Sendable, Equatable {
    /// The URL or conninfo, password included, handed to libpq as it is.
    public let conninfo: String
    /// The passwords it holds, as written and percent-decoded; empty when it holds none
    /// (libpq then finds one in PGPASSWORD or the password file).
    let secrets: [String]

    /// The target `conninfo`.
    public init(_ conninfo: String) {
        self.conninfo = conninfo
        var found: [String] = []
        if Self.isURL(conninfo) {
            found = Self.urlPasswords(conninfo)
        } else {
            found = Self.keywordPasswords(conninfo)
        }
        secrets = Array(Set(found.flatMap { [$0, Self.percentDecoded($0)] }.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// Whether `text` is a URL (`postgresql://` or `postgres://`) rather than a conninfo.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// The URL with its password left out (`user:secret@` becomes `user@`, a `password=`
    /// parameter goes), for a command line a child process or a timer gets: libpq then finds
    /// the password where it finds one for every client, in `PGPASSWORD` or the password
    /// file. A conninfo in `key=value` form is given back as it is.
    public var withoutPassword: String {
        guard Self.isURL(conninfo) else { return conninfo }
        var url = conninfo
        let scheme = url.range(of: "://")!.upperBound
        let authorityEnd = url[scheme...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        if let at = url[scheme..<authorityEnd].lastIndex(of: "@"), let colon = url[scheme..<at].firstIndex(of: ":") {
            url.removeSubrange(colon..<at)
        }
        guard let question = url.firstIndex(of: "?") else { return url }
        let kept = url[url.index(after: question)...].split(separator: "&").filter { !$0.hasPrefix("password=") }
        return String(url[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The password the URL or conninfo holds, as libpq reads it; nil when it holds none.
    public var password: String? {
        guard !secrets.isEmpty else { return nil }
        let written = Self.isURL(conninfo) ? Self.urlPasswords(conninfo) : Self.keywordPasswords(conninfo)
        guard let first = written.last else { return nil }
        return Self.isURL(conninfo) ? Self.percentDecoded(first) : first
    }

    /// The URL or conninfo with `***` for its password.
    public var redacted: String { redact(conninfo) }

    /// `text` with every password of this target replaced by `***`.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets { result = result.replacingOccurrences(of: secret, with: "***") }
        return result
    }

    /// The password of `user:password@` and of a `password=` query parameter.
    private static func urlPasswords(_ url: String) -> [String] {
        var found: [String] = []
        let rest = url.drop { $0 != "/" }.dropFirst(2)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        if let at = authority.firstIndex(of: "@") {
            let userinfo = authority[..<at]
            if let colon = userinfo.firstIndex(of: ":") { found.append(String(userinfo[userinfo.index(after: colon)...])) }
        }
        if let question = url.firstIndex(of: "?") {
            for pair in url[url.index(after: question)...].split(separator: "&") where pair.hasPrefix("password=") {
                found.append(String(pair.dropFirst("password=".count)))
            }
        }
        return found
    }

    /// The value of each `password=` in a conninfo (bare or single-quoted, with `\` escapes),
    /// as written and as read.
    private static func keywordPasswords(_ conninfo: String) -> [String] {
        var found: [String] = []
        var text = Substring(conninfo)
        while let range = text.range(of: "password") {
            var after = text[range.upperBound...].drop { $0 == " " }
            let startsWord = range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)].isWhitespace
            guard startsWord, after.first == "=" else {
                text = text[range.upperBound...]
                continue
            }
            after = after.dropFirst().drop { $0 == " " }
            var value = ""
            let start = after.startIndex
            if after.first == "'" {
                var escaped = false
                after = after.dropFirst()
                while let character = after.first {
                    after = after.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "'" {
                        break
                    } else {
                        value.append(character)
                    }
                }
            } else {
                value = String(after.prefix { !$0.isWhitespace })
                after = after.drop { !$0.isWhitespace }
            }
            // Both as written (quotes and escapes included) and as libpq reads it.
            found.append(String(text[start..<after.startIndex]).trimmingCharacters(in: .whitespaces))
            found.append(value)
            text = after
        }
        return found
    }

    /// `text` with its `%XX` escapes decoded (bytes that are not UTF-8 are kept as written).
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
                let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}
