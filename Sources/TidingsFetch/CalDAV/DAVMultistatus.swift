/// One `response` of a WebDAV multistatus: the resource it is about, its status when it
/// has one of its own (a member removed, in a sync report), and the properties found (the
/// `prop` of each `propstat` whose status is 2xx).
struct DAVResponse: Sendable {
    /// The resource's href, as the server wrote it.
    var href: String
    /// The response's own status code (`HTTP/1.1 404 Not Found` gives 404); nil when it has none.
    var status: Int?
    /// The properties found.
    var properties: [DAVElement]

    /// The property `name` in `namespace`, when found.
    func property(_ namespace: String, _ name: String) -> DAVElement? {
        properties.first { $0.is(namespace, name) }
    }

    /// The trimmed text of the property `name` in `namespace`, nil when it is missing or empty.
    func text(_ namespace: String, _ name: String) -> String? {
        guard let text = property(namespace, name)?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    /// The text of the `href` inside the property `name` in `namespace`.
    func href(in namespace: String, _ name: String) -> String? {
        guard let text = property(namespace, name)?.child(DAVNamespace.dav, "href")?.trimmedText, !text.isEmpty else { return nil }
        return text
    }
}

/// A WebDAV multistatus (RFC 4918 §13) read into responses, and the sync token a
/// `sync-collection` report ends with (RFC 6578 §6.4).
struct DAVMultistatus: Sendable {
    var responses: [DAVResponse]
    var syncToken: String?

    /// The multistatus in `bytes`; a document whose root is not one is refused.
    static func parse(_ bytes: [UInt8]) throws(DAVXML.Problem) -> DAVMultistatus {
        let root = try DAVXML.parse(bytes)
        guard root.is(DAVNamespace.dav, "multistatus") else {
            throw DAVXML.Problem(message: "expected a DAV:multistatus, found \(root.namespace.isEmpty ? "" : root.namespace + " ")\(root.name)")
        }
        var responses: [DAVResponse] = []
        for response in root.all(DAVNamespace.dav, "response") {
            guard let href = response.child(DAVNamespace.dav, "href")?.trimmedText, !href.isEmpty else { continue }
            var properties: [DAVElement] = []
            for propstat in response.all(DAVNamespace.dav, "propstat") {
                let status = propstat.child(DAVNamespace.dav, "status").flatMap { statusCode($0.trimmedText) }
                guard (200..<300).contains(status ?? 200), let prop = propstat.child(DAVNamespace.dav, "prop") else { continue }
                properties += prop.children
            }
            let status = response.child(DAVNamespace.dav, "status").flatMap { statusCode($0.trimmedText) }
            responses.append(DAVResponse(href: href, status: status, properties: properties))
        }
        let token = root.child(DAVNamespace.dav, "sync-token")?.trimmedText
        return DAVMultistatus(responses: responses, syncToken: token?.isEmpty == false ? token : nil)
    }

    /// The code of a status line such as `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}

/// A CalDAV server's answer as the CalDAV client reads it, for what checks that reader from
/// outside (the fuzzer): every response's href, status and properties.
public enum CalDAVAnswer {
    /// How many responses the multistatus `bytes` holds and how many of them carry calendar
    /// data; nil when `bytes` is not a multistatus the client would read.
    public static func read(_ bytes: [UInt8]) -> (responses: Int, calendars: Int)? {
        guard let answer = try? DAVMultistatus.parse(bytes) else { return nil }
        let calendars = answer.responses.filter { $0.property(DAVNamespace.caldav, "calendar-data") != nil }.count
        return (answer.responses.count, calendars)
    }
}
