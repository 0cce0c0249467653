/// What is sent on one hop of a redirect chain.
struct Hop {
    var url: String
    var method: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?

    /// The statuses whose `Location` is followed; other 3xx (300, 304, …) are final responses.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The next hop after a `status` redirect to `target`, refused unless `target` passes
    /// ``URLPolicy`` and keeps the scheme of `originalURL`.
    func redirected(to target: String, status: Int, from originalURL: String) throws(HTTPError) -> Hop {
        if let reason = URLPolicy.refusal(for: target) {
            throw HTTPError(kind: .refusedURL, message: "refused redirect from \(url) to \(target): \(reason)")
        }
        let fromScheme = URLPolicy.scheme(of: originalURL) ?? ""
        let toScheme = URLPolicy.scheme(of: target) ?? ""
        guard fromScheme == toScheme else {
            throw HTTPError(
                kind: .refusedURL,
                message: "refused redirect from \(url) to \(target): it changes the scheme from \(fromScheme) to \(toScheme)"
            )
        }
        var next = self
        next.url = target
        let upper = method.uppercased()
        // 303 always means "GET the result"; 301 and 302 turn a POST into a GET in every
        // browser, and libcurl does the same by default. 307 and 308 repeat the request as is.
        if (status == 303 && upper != "HEAD") || ((status == 301 || status == 302) && upper == "POST") {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { Self.describesBody($0.name) }
        }
        if !Self.sameOrigin(url, target) {
            // Credentials stay with the origin they were given for, as libcurl's own
            // CURLOPT_FOLLOWLOCATION does unless CURLOPT_UNRESTRICTED_AUTH is set.
            next.headers.removeAll { ["authorization", "cookie"].contains($0.name.lowercased()) }
        }
        return next
    }

    private static func describesBody(_ name: String) -> Bool {
        ["content-type", "content-length", "content-encoding"].contains(name.lowercased())
    }

    private static func sameOrigin(_ first: String, _ second: String) -> Bool {
        guard case .success(let a) = CurlURL.parse(first), case .success(let b) = CurlURL.parse(second) else {
            return false
        }
        return URLPolicy.scheme(of: first) == URLPolicy.scheme(of: second) && a.host == b.host && a.port == b.port
    }
}
