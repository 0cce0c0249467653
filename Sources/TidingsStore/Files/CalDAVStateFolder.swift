import Foundation
import TidingsCore

/// What a CalDAV source learned at its last fetch, so that the next poll asks only for what
/// changed: the calendars found, their sync tokens, and the window of time their events were
/// read for. The events themselves are kept beside it (`CalDAVEvents`), read only when
/// something changed.
public struct CalDAVSyncState: Codable, Sendable, Equatable {
    /// One calendar (collection) of the source.
    public struct Calendar: Codable, Sendable, Equatable {
        /// Its absolute URL.
        public var url: String
        /// Its display name, or the last part of its path.
        public var name: String
        /// The token of its last sync (RFC 6578); nil when the server offers none.
        public var syncToken: String?
        /// Its events (resources) read.
        public var eventCount: Int
        /// When it was last read in full or synced.
        public var syncedAt: EpochMillis

        /// A calendar found at `url`, called `name`.
        public init(url: String, name: String, syncToken: String?, eventCount: Int, syncedAt: EpochMillis) {
            self.url = url
            self.name = name
            self.syncToken = syncToken
            self.eventCount = eventCount
            self.syncedAt = syncedAt
        }
    }

    /// The source's URL, login name and choice of calendars it was read with: another URL,
    /// user or choice starts afresh.
    public var sourceURL: String
    public var username: String?
    public var chosen: [String]
    /// The window of time the events were asked for.
    public var windowStart: EpochMillis
    public var windowEnd: EpochMillis
    public var calendars: [Calendar]
    /// The ETag recorded with the calendar it made: the store's copy is this state's when they agree.
    public var fingerprint: String

    /// A state with every field given.
    public init(
        sourceURL: String, username: String?, chosen: [String], windowStart: EpochMillis, windowEnd: EpochMillis, calendars: [Calendar],
        fingerprint: String
    ) {
        self.sourceURL = sourceURL
        self.username = username
        self.chosen = chosen
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.calendars = calendars
        self.fingerprint = fingerprint
    }
}

/// The events of a CalDAV source: by calendar URL, each resource's href, ETag and text.
public struct CalDAVEvents: Codable, Sendable, Equatable {
    /// One resource (an `.ics` on the server).
    public struct Resource: Codable, Sendable, Equatable {
        public var etag: String?
        public var text: String

        /// A resource with its ETag and text.
        public init(etag: String?, text: String) {
            self.etag = etag
            self.text = text
        }
    }

    /// Calendar URL → resource href → resource.
    public var calendars: [String: [String: Resource]]

    /// Events by calendar.
    public init(calendars: [String: [String: Resource]] = [:]) { self.calendars = calendars }
}

/// The folder of CalDAV sources' states (`$XDG_CACHE_HOME/tidings/caldav/`): per source, a
/// small `.sync` file read at every poll and an `.events` file read when something changed.
/// Only a shortcut, as the prepared calendars are: a file that cannot be read or written
/// costs a full read of the calendars, nothing more, and deleting the folder loses nothing.
public struct CalDAVStateFolder: Sendable {
    /// The folder.
    public let folder: String

    /// The folder `folder` (created when the first state is kept).
    public init(folder: String) { self.folder = folder }

    /// The sync state of `source`, nil when there is none or it cannot be read.
    public func syncState(of source: String) -> CalDAVSyncState? { read(path(source, "sync")) }

    /// The events of `source`, nil when there are none or they cannot be read.
    public func events(of source: String) -> CalDAVEvents? { read(path(source, "events")) }

    /// Keeps `state` and, when given, `events` for `source`; false when that failed.
    @discardableResult
    public func store(_ state: CalDAVSyncState, events: CalDAVEvents?, for source: String) -> Bool {
        guard (try? PrivateFolder.create(folder)) != nil else { return false }
        // The events first: a sync file never names a fingerprint its events do not hold.
        if let events, !write(events, to: path(source, "events")) { return false }
        return write(state, to: path(source, "sync"))
    }

    private func path(_ source: String, _ kind: String) -> String { folder + "/" + StableHash.hex(source) + "." + kind }

    private func read<T: Decodable>(_ path: String) -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    private func write(_ value: some Encodable, to path: String) -> Bool {
        guard let data = try? JSONEncoder().encode(value) else { return false }
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return false }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
