import TidingsCalendar
import TidingsCore
import TidingsHTTP
import TidingsStore

extension SourceFetcher {
    /// How long before now a CalDAV source's events are asked for: a meeting under way, or
    /// one that began yesterday and runs on.
    static let caldavLookBack: Int64 = 86_400_000
    /// How long a CalDAV source's calendars are only synced before they are listed and read
    /// afresh (a calendar added on the server, a window of time moved on).
    static let caldavRelist: Int64 = 86_400_000

    /// Reads a CalDAV source: its calendars' changes since the last fetch when its state is
    /// kept and still covers the time ahead, otherwise its calendars found afresh and read in
    /// full. The calendars are joined into one, kept as any calendar source's; nothing that
    /// changed is a 304.
    func fetchCalDAV(
        _ source: TidingsConfig.Source, state: SourceState?, now: EpochMillis, budget: Int64, login: SourceLoginHeader?, attempt: AttemptStamp
    ) -> FetchResult {
        let username: String? =
            if case .basic(let name, _)? = source.login { name } else { nil }
        var session: CalDAVSession
        do {
            session = try CalDAVSession(client: client, source: source, login: login, userAgent: Self.userAgent, budget: budget)
        } catch {
            return FetchResult(attempt: attempt(error.outcome, reason: error.message), update: .keep)
        }
        let ahead = now + max(reach, 7 * 86_400_000)
        let kept = caldavStates?.syncState(of: source.name).flatMap { kept in
            kept.sourceURL == source.url && kept.username == username && kept.chosen == source.calendars && kept.windowEnd >= ahead
                && kept.calendars.count > 0
                && now - kept.windowStart < Self.caldavLookBack + Self.caldavRelist ? kept : nil
        }
        let read: CalDAVRead
        let window: ClosedRange<EpochMillis>
        do {
            if let kept, let updated = try Self.updating(kept, with: &session, events: { caldavStates?.events(of: source.name) }, now: now) {
                window = kept.windowStart...kept.windowEnd
                read = updated
            } else {
                window = (now - Self.caldavLookBack)...(ahead + Self.caldavRelist)
                read = try session.readAll(session.discover(only: source.calendars), window: window, now: now)
            }
        } catch {
            let reason = login.map { $0.redactor.redact(error.message) } ?? error.message
            return FetchResult(attempt: attempt(error.outcome, status: error.status, bytes: session.bytes, reason: reason), update: .keep)
        }
        let requests = "CalDAV: \(session.requests) request\(session.requests == 1 ? "" : "s"), \(session.bytes) bytes received"
        if let kept, kept.windowStart == window.lowerBound, !read.changed, let state, state.url == source.url, state.etag == kept.fingerprint {
            var next = kept
            next.calendars = read.calendars
            caldavStates?.store(next, events: nil, for: source.name)
            return FetchResult(
                attempt: attempt(.notModified, bytes: session.bytes), update: .confirm, note: requests + ", nothing changed")
        }
        let files = read.events.calendars.sorted { $0.key < $1.key }.flatMap { calendar in
            calendar.value.sorted { $0.key < $1.key }.map { ICSFolderMerge.File(name: $0.key, bytes: Array($0.value.text.utf8)) }
        }
        let merged = ICSFolderMerge.merge(files)
        let fingerprint = "\"caldav-\(StableHash.hex(String(decoding: merged.bytes, as: UTF8.self)))\""
        let response = HTTPResponse(status: 200, headers: [("ETag", fingerprint)], body: merged.bytes, finalURL: source.url)
        var result = calendar(from: response, attempt: attempt, source: source.name, skipped: merged.skipped)
        if result.attempt.outcome == .ok {
            let kept = CalDAVSyncState(
                sourceURL: source.url, username: username, chosen: source.calendars, windowStart: window.lowerBound, windowEnd: window.upperBound,
                calendars: read.calendars, fingerprint: fingerprint)
            caldavStates?.store(kept, events: read.events, for: source.name)
        }
        let fresh = kept == nil || kept?.windowStart != window.lowerBound
        let calendars = read.calendars.map { "\($0.name) (\($0.eventCount))" }.joined(separator: ", ")
        result.note = requests + (fresh ? ", calendars read in full: " : ", changes synced: ") + calendars
        return result
    }

    /// `kept` brought up to date by `session`; nil when one of its calendars is gone from the
    /// server (404 or 410), so that the calendars are found afresh.
    private static func updating(
        _ kept: CalDAVSyncState, with session: inout CalDAVSession, events: () -> CalDAVEvents?, now: EpochMillis
    ) throws(CalDAVError) -> CalDAVRead? {
        do {
            return try session.update(kept.calendars, events: events, window: kept.windowStart...kept.windowEnd, now: now)
        } catch  where error.status == 404 || error.status == 410 {
            return nil
        }
    }
}
