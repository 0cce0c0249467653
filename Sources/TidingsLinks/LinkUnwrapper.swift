import Foundation
import TidingsCore

/// Takes links out of the redirectors that mail and calendar systems wrap them in: Outlook
/// SafeLinks, Proofpoint URLDefense (v1, v2, v3), Google's `/url?q=`, Barracuda and Trend
/// Micro link protection, Facebook/Messenger and Slack redirects, and the Teams launcher.
enum LinkUnwrapper {
    /// How many wrappers deep a link may be.
    static let maximumDepth = 6

    /// `candidate` with every wrapper removed, or nil when it is not an http(s) link (or a
    /// wrapper holds something else).
    static func unwrap(_ candidate: String) -> WebURL? {
        var text = candidate
        for _ in 0...maximumDepth {
            guard let url = WebURL(text) else { return nil }
            guard let inner = inner(of: url) else { return url }
            text = LinkText.cut(inner.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The link `url` wraps, decoded, when it is a known wrapper.
    static func inner(of url: WebURL) -> String? {
        let host = url.host
        let path = url.path
        func parameter(_ name: String) -> String? { url.queryValue(name).flatMap { percentDecoded($0) } }

        if host.hasSuffix("safelinks.protection.outlook.com") || host.hasSuffix("safelinks.protection.office365.us") {
            return parameter("url")
        }
        if host == "urldefense.proofpoint.com" {
            if path == "/v1/url" { return parameter("u") }
            if path == "/v2/url", let raw = url.queryValue("u") {
                // v2 writes `%` as `-` and `/` as `_`.
                return percentDecoded(raw.replacingOccurrences(of: "-", with: "%").replacingOccurrences(of: "_", with: "/"))
            }
            return nil
        }
        if host == "urldefense.com", url.rest.hasPrefix("/v3/__") {
            return proofpointV3(String(url.rest.dropFirst("/v3/__".count)))
        }
        if host == "google.com" || host == "www.google.com", path == "/url" {
            return parameter("q") ?? parameter("url")
        }
        if host == "linkprotect.cudasvc.com", path == "/url" { return parameter("a") }
        if host.hasSuffix(".trendmicro.com"), path.hasPrefix("/wis/clicktime/") { return parameter("url") }
        if ["l.facebook.com", "lm.facebook.com", "l.messenger.com", "l.instagram.com"].contains(host), path == "/l.php" {
            return parameter("u")
        }
        if host == "slack-redir.net", path == "/link" { return parameter("url") }
        if host == "teams.microsoft.com" || host == "teams.live.com", path == "/dl/launcher/launcher.html",
            let target = parameter("url"), target.hasPrefix("/_#/l/")
        {
            // The launcher carries the app route (`/_#/l/meetup-join/…`) of a link on its own host.
            return "https://" + host + target.dropFirst(3)
        }
        return nil
    }

    /// Proofpoint URLDefense v3: `<url>__;<base64>!…`, where each `*` in the URL stands for
    /// the next character of the base64 text and `**X` for a run of them (`A` = 2, `B` = 3, …).
    static func proofpointV3(_ body: String) -> String? {
        let urlEnd: String.Index
        var replacements: [Character] = []
        if let separator = body.range(of: "__;") {
            urlEnd = separator.lowerBound
            let encodedEnd = body[separator.upperBound...].firstIndex(of: "!") ?? body.endIndex
            var base64 = body[separator.upperBound..<encodedEnd]
                .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            if !base64.isEmpty {
                guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else { return nil }
                replacements = Array(decoded)
            }
        } else if let separator = body.range(of: "__") {
            urlEnd = separator.lowerBound
        } else {
            return nil
        }
        guard let encoded = percentDecoded(body[..<urlEnd]) else { return nil }
        let runLengths = Dictionary(
            uniqueKeysWithValues: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").enumerated().map { ($1, $0 + 2) })
        var output = ""
        var next = 0
        var characters = encoded[...]
        while let character = characters.popFirst() {
            guard character == "*" else {
                output.append(character)
                continue
            }
            var count = 1
            if characters.first == "*", characters.count >= 2 {
                let marker = characters[characters.index(after: characters.startIndex)]
                guard let run = runLengths[marker] else { return nil }
                count = run
                characters = characters.dropFirst(2)
            }
            guard next + count <= replacements.count else { return nil }
            output.append(contentsOf: replacements[next..<(next + count)])
            next += count
        }
        return output
    }
}
