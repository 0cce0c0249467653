import TidingsCore
import TidingsStore

/// What one CalDAV fetch read: the calendars' new state, their events, and whether anything
/// changed since the state it started from.
struct CalDAVRead {
    var calendars: [CalDAVSyncState.Calendar]
    var events: CalDAVEvents
    var changed: Bool
}

extension CalDAVSession {
    /// Reads `collections` in full: each one's events over `window` (a `calendar-query`,
    /// RFC 4791 §7.8), expanded later by Tidings itself.
    mutating func readAll(_ collections: [CalDAVCollection], window: ClosedRange<EpochMillis>, now: EpochMillis) throws(CalDAVError)
        -> CalDAVRead
    {
        var events = CalDAVEvents()
        var calendars: [CalDAVSyncState.Calendar] = []
        for collection in collections {
            let resources = try query(collection.url, window: window)
            events.calendars[collection.url] = resources
            calendars.append(
                CalDAVSyncState.Calendar(
                    url: collection.url, name: collection.name, syncToken: collection.syncToken, eventCount: resources.count, syncedAt: now))
        }
        return CalDAVRead(calendars: calendars, events: events, changed: true)
    }

    /// Brings `known` up to date: each calendar with a sync token asks only for what changed
    /// since (a `sync-collection` report, RFC 6578), one small request when nothing did; one
    /// whose token the server no longer takes, or that has none, is read again over `window`.
    /// `events` gives the events kept, read only once something changed; nil when none are
    /// kept, which makes the calendars be read in full.
    mutating func update(
        _ known: [CalDAVSyncState.Calendar], events load: () -> CalDAVEvents?, window: ClosedRange<EpochMillis>, now: EpochMillis
    ) throws(CalDAVError) -> CalDAVRead {
        var calendars: [CalDAVSyncState.Calendar] = []
        var changes: [String: Changes] = [:]
        for var calendar in known {
            guard let token = calendar.syncToken, let found = try changesSince(token, in: calendar.url) else {
                // A token refused: a fresh one first, then the events, so that no change
                // between the two is missed (it comes again at the next sync).
                if calendar.syncToken != nil { calendar.syncToken = try syncToken(of: calendar.url) }
                changes[calendar.url] = .all(try query(calendar.url, window: window))
                calendars.append(calendar)
                continue
            }
            calendar.syncToken = found.token ?? token
            calendar.syncedAt = now
            if !found.updated.isEmpty || !found.removed.isEmpty { changes[calendar.url] = .partial(found) }
            calendars.append(calendar)
        }
        guard !changes.isEmpty else { return CalDAVRead(calendars: calendars, events: CalDAVEvents(), changed: false) }
        guard var events = load() else {
            let collections = known.map { CalDAVCollection(url: $0.url, name: $0.name, syncToken: $0.syncToken) }
            return try readAll(collections, window: window, now: now)
        }
        var changed = false
        for index in calendars.indices {
            let url = calendars[index].url
            var resources = events.calendars[url] ?? [:]
            switch changes[url] {
            case .all(let read)?:
                changed = changed || read != resources
                resources = read
            case .partial(let found)?:
                for href in found.removed where resources.removeValue(forKey: href) != nil { changed = true }
                for (href, resource) in found.updated where resources[href] != resource {
                    resources[href] = resource
                    changed = true
                }
            case nil: break
            }
            events.calendars[url] = resources
            calendars[index].eventCount = resources.count
            calendars[index].syncedAt = now
        }
        return CalDAVRead(calendars: calendars, events: events, changed: changed)
    }

    private enum Changes {
        case all([String: CalDAVEvents.Resource])
        case partial(SyncChanges)
    }

    /// What changed in a calendar since a sync token.
    struct SyncChanges {
        var token: String?
        var updated: [String: CalDAVEvents.Resource] = [:]
        var removed: [String] = []
    }

    /// The changes in the calendar at `url` since `token`; nil when the server no longer
    /// takes the token (RFC 6578 §3.2: `valid-sync-token`), so that it is read again. A
    /// truncated answer (507 on the calendar itself) is followed by another from its token.
    private mutating func changesSince(_ token: String, in url: String) throws(CalDAVError) -> SyncChanges? {
        var changes = SyncChanges(token: token)
        for _ in 0..<20 {
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                <d:sync-token>\(TextSanitizer.escapingMarkup(changes.token ?? token))</d:sync-token><d:sync-level>1</d:sync-level>\
                <d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>
                """
            let response = try send("REPORT", url, depth: "0", body: body)
            if response.status == 403 || response.status == 409,
                String(decoding: response.body.prefix(4096), as: UTF8.self).contains("valid-sync-token")
            {
                return nil
            }
            guard response.status == 207 else { throw refusal("REPORT sync-collection", url, response) }
            let answer: DAVMultistatus
            do {
                answer = try DAVMultistatus.parse(response.body)
            } catch {
                throw CalDAVError(
                    outcome: .invalid, status: 207, message: "REPORT \(url): the server's answer is not valid WebDAV XML: \(error.message)")
            }
            var truncated = false
            var missing: [String] = []
            for item in answer.responses {
                guard let path = resolve(item.href).map(origin.path(of:)) else { continue }
                let href = Self.key(path)
                if Self.key(origin.path(of: url)) == href || Self.key(origin.path(of: url)) == href + "/" {
                    truncated = truncated || item.status == 507
                    continue
                }
                if item.status == 404 {
                    changes.removed.append(href)
                    changes.updated[href] = nil
                } else if let text = item.property(DAVNamespace.caldav, "calendar-data")?.text, !text.isEmpty {
                    changes.updated[href] = CalDAVEvents.Resource(etag: item.text(DAVNamespace.dav, "getetag"), text: text)
                } else {
                    missing.append(path)
                }
            }
            if !missing.isEmpty {
                for (href, resource) in try multiget(missing, in: url) { changes.updated[href] = resource }
            }
            changes.token = answer.syncToken ?? changes.token
            if !truncated { return changes }
        }
        return changes
    }

    /// The events of the calendar at `url` over `window`, by href (a path on the origin).
    private mutating func query(_ url: String, window: ClosedRange<EpochMillis>) throws(CalDAVError) -> [String: CalDAVEvents.Resource] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\
            <c:time-range start="\(Self.utc(window.lowerBound))" end="\(Self.utc(window.upperBound))"/>\
            </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
            """
        return try resources(of: multistatus("REPORT", url, depth: "1", body: body), in: url)
    }

    /// The events `hrefs` of the calendar at `url` (a `calendar-multiget`, RFC 4791 §7.9).
    private mutating func multiget(_ hrefs: [String], in url: String) throws(CalDAVError) -> [String: CalDAVEvents.Resource] {
        let list = hrefs.map { "<d:href>\(TextSanitizer.escapingMarkup($0))</d:href>" }.joined()
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
            """
        return try resources(of: multistatus("REPORT", url, depth: "1", body: body), in: url)
    }

    /// The events an answer holds, by href; the calendar itself and members without data are left out.
    private func resources(of answer: DAVMultistatus, in url: String) -> [String: CalDAVEvents.Resource] {
        var found: [String: CalDAVEvents.Resource] = [:]
        for item in answer.responses {
            guard let href = resolve(item.href).map({ Self.key(origin.path(of: $0)) }), item.status.map({ (200..<300).contains($0) }) ?? true,
                let text = item.property(DAVNamespace.caldav, "calendar-data")?.text, !text.isEmpty
            else { continue }
            found[href] = CalDAVEvents.Resource(etag: item.text(DAVNamespace.dav, "getetag"), text: text)
        }
        return found
    }

    /// The key an event is kept under: its path with percent escapes decoded, so that a
    /// server writing `%40` in one answer and `@` in another names one event.
    static func key(_ path: String) -> String { percentDecoded(Substring(path)) ?? path }

    /// A fresh sync token of the calendar at `url` (its `DAV:sync-token`), nil when it has none.
    mutating func syncToken(of url: String) throws(CalDAVError) -> String? {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>
            """
        return try multistatus("PROPFIND", url, depth: "0", body: body).responses.first?.text(DAVNamespace.dav, "sync-token")
    }

    /// `millis` as an iCalendar UTC date-time (`20261128T073000Z`).
    static func utc(_ millis: EpochMillis) -> String {
        ISOTime.formatUTC(millis).filter { $0 != "-" && $0 != ":" }
    }
}
