import TidingsCore

/// A calendar collection found on a CalDAV server.
struct CalDAVCollection: Equatable {
    var url: String
    var name: String
    var syncToken: String?
}

extension CalDAVSession {
    /// The request body asking for what tells a calendar and its sync token.
    private static let collectionProperties = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
        <d:prop><d:resourcetype/><d:displayname/><d:sync-token/><c:supported-calendar-component-set/>\
        <d:current-user-principal/><c:calendar-home-set/></d:prop></d:propfind>
        """

    /// The calendars of the source (RFC 4791 §7.1, RFC 5397): its URL itself when it is a
    /// calendar collection; otherwise the calendars of the calendar home its principal names
    /// (from the URL, or the server's `/.well-known/caldav`). Calendars that cannot hold
    /// events are left out, and with `only` those whose name or last path part is not in it.
    mutating func discover(only: [String]) throws(CalDAVError) -> [CalDAVCollection] {
        let start = origin.prefix + origin.path(of: sourceURL)
        var here = try multistatus("PROPFIND", start, depth: "0", body: Self.collectionProperties)
        if let calendar = here.responses.first, let found = collection(calendar), isCalendar(calendar) {
            return [found]
        }
        var principal = here.responses.first?.href(in: DAVNamespace.dav, "current-user-principal")
        var home = here.responses.first?.href(in: DAVNamespace.caldav, "calendar-home-set")
        if principal == nil, home == nil, origin.path(of: start) == "/" || origin.path(of: start).isEmpty {
            here = try multistatus("PROPFIND", origin.prefix + "/.well-known/caldav", depth: "0", body: Self.collectionProperties)
            principal = here.responses.first?.href(in: DAVNamespace.dav, "current-user-principal")
            home = here.responses.first?.href(in: DAVNamespace.caldav, "calendar-home-set")
        }
        if home == nil, let principal {
            let url = try resolved(principal, what: "principal")
            let answer = try multistatus("PROPFIND", url, depth: "0", body: Self.collectionProperties)
            home = answer.responses.first?.href(in: DAVNamespace.caldav, "calendar-home-set")
        }
        guard let home else {
            throw CalDAVError(
                outcome: .invalid,
                message: "\(start): neither a calendar nor a server that names a calendar home (give the URL of a calendar or of your CalDAV server)")
        }
        let homeURL = try resolved(home, what: "calendar home")
        let members = try multistatus("PROPFIND", homeURL, depth: "1", body: Self.collectionProperties)
        var calendars: [CalDAVCollection] = []
        for response in members.responses where isCalendar(response) {
            guard let found = collection(response) else { continue }
            let last = found.url.split(separator: "/").last.map(String.init) ?? ""
            if only.isEmpty || only.contains(found.name) || only.contains(last) { calendars.append(found) }
        }
        if calendars.isEmpty {
            let which = only.isEmpty ? "" : " named " + only.map { "\"\($0)\"" }.joined(separator: ", ")
            throw CalDAVError(outcome: .invalid, message: "\(homeURL): no calendar of events\(which) in the calendar home")
        }
        return calendars.sorted { $0.url < $1.url }
    }

    /// The absolute URL of `href`, refused when it leaves the source's origin.
    private func resolved(_ href: String, what: String) throws(CalDAVError) -> String {
        guard let url = resolve(href) else {
            throw CalDAVError(
                outcome: .invalid,
                message:
                    "the server names a \(what) on another host (\(href)); the login is only sent to \(origin.prefix): to read it, give that URL as the source's url"
            )
        }
        return url
    }

    /// Whether `response` is a calendar collection that can hold events.
    private func isCalendar(_ response: DAVResponse) -> Bool {
        guard let type = response.property(DAVNamespace.dav, "resourcetype"), type.child(DAVNamespace.caldav, "calendar") != nil else {
            return false
        }
        guard let components = response.property(DAVNamespace.caldav, "supported-calendar-component-set") else { return true }
        let names = components.all(DAVNamespace.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() }
        return names.isEmpty || names.contains("VEVENT")
    }

    /// The collection `response` describes, nil when its href leaves the origin.
    private func collection(_ response: DAVResponse) -> CalDAVCollection? {
        guard let url = resolve(response.href) else { return nil }
        let last = url.split(separator: "/").last.map { percentDecodedName(String($0)) } ?? url
        return CalDAVCollection(
            url: url, name: response.text(DAVNamespace.dav, "displayname") ?? last, syncToken: response.text(DAVNamespace.dav, "sync-token"))
    }

    private func percentDecodedName(_ part: String) -> String { part.removingPercentEncodingIfValid }
}

extension String {
    /// The string with its percent escapes decoded, or itself when they do not decode.
    fileprivate var removingPercentEncodingIfValid: String {
        guard contains("%") else { return self }
        return percentDecoded(Substring(self)) ?? self
    }
}
