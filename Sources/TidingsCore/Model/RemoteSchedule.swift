import Foundation

/// A remote schedule: a one-shot sequence of notifications, each due a number of days after
/// the schedule (or its current version) was first seen, at one fixed local time.
///
/// ```json
/// {"config": {"version": "1.0", "description": "…", "isPersistent": true, "fixedTime": "07:00", "weekdaysOnly": true},
///  "notificationContent": {"title": "Default title", "subtitle": "Default subtitle"},
///  "schedules": [{"id": 1, "dayOffset": 1, "description": "…", "title": "Optional override", "subtitle": "Optional override"}]}
/// ```
public struct RemoteSchedule: Sendable, Equatable {
    /// One notification of the sequence, its text resolved (override or default) and checked.
    public struct Entry: Sendable, Equatable {
        /// The producer's id: the notification is `app_notification_<id>`.
        public var id: String
        /// Days after the version was first seen.
        public var dayOffset: Int
        public var title: String
        /// The entry's subtitle (or the default one): the notification's body.
        public var body: String

        /// The notification id, `app_notification_<id>`.
        public var notificationID: String { RemoteSchedule.idPrefix + id }
    }

    /// The producer's version: a new one starts the sequence again from the day it is first seen.
    public var version: String
    /// Local wall time every entry is due.
    public var fixedTime: WallTime
    /// A Saturday moves two days forward, a Sunday one.
    public var weekdaysOnly: Bool
    /// The entries, in file order.
    public var entries: [Entry]

    /// Most entries one schedule may carry.
    public static let maxEntries = 1000
    /// Largest day offset: about ten years.
    public static let maxDayOffset = 3660
    /// Longest id, in characters.
    public static let maxIDLength = 64
    /// What every notification id of a schedule starts with.
    public static let idPrefix = "app_notification_"

    /// The local date `entry` is due when the version was first seen on `firstSeen`.
    public func date(of entry: Entry, firstSeen: LocalDate) -> LocalDate {
        let date = firstSeen.adding(days: entry.dayOffset)
        guard weekdaysOnly else { return date }
        switch date.isoWeekday {
        case 6: return date.adding(days: 2)
        case 7: return date.adding(days: 1)
        default: return date
        }
    }

    /// Decodes and checks `bytes`; the error names the field at fault
    /// (`schedules[3].dayOffset: must be ≥ 0`).
    public static func decode(_ bytes: [UInt8]) throws(ContentError) -> RemoteSchedule {
        try ContentError.decodingJSON(RawSchedule.self, from: bytes).validated()
    }
}

private struct RawSchedule: Decodable {
    struct Settings: Decodable {
        var version: String
        var fixedTime: String
        var weekdaysOnly: Bool?
        var isPersistent: Bool?
        var description: String?
    }

    struct Texts: Decodable {
        var title: String?
        var subtitle: String?
    }

    struct Entry: Decodable {
        var id: String
        var dayOffset: Int
        var title: String?
        var subtitle: String?
        var description: String?

        enum CodingKeys: String, CodingKey { case id, dayOffset, title, subtitle, description }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // Ids are numbers in the format; a string of safe characters names the same.
            let decoded = try container.decodeID(forKey: .id)
            if let number = decoded.number, number < 0 {
                throw ContentError(path: Self.path(decoder, "id"), message: "must be ≥ 0")
            }
            id = decoded.text
            dayOffset = try container.decode(Int.self, forKey: .dayOffset)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
            description = try container.decodeIfPresent(String.self, forKey: .description)
        }

        static func path(_ decoder: any Decoder, _ key: String) -> String {
            let index = decoder.codingPath.last?.intValue.map { "[\($0)]" } ?? ""
            return "schedules\(index).\(key)"
        }
    }

    var config: Settings
    var notificationContent: Texts?
    var schedules: [Entry]

    func validated() throws(ContentError) -> RemoteSchedule {
        let version = TextSanitizer.clean(config.version)
        if version.isEmpty { throw ContentError(path: "config.version", message: "empty") }
        if version.count > 64 { throw ContentError(path: "config.version", message: "longer than 64 characters") }
        guard let time = WallTime(config.fixedTime) else {
            throw ContentError(path: "config.fixedTime", message: "\"\(config.fixedTime.prefix(20))\" is not a time (HH:MM, 24-hour)")
        }
        if schedules.isEmpty { throw ContentError(path: "schedules", message: "no entries") }
        if schedules.count > RemoteSchedule.maxEntries {
            throw ContentError(path: "schedules", message: "more than \(RemoteSchedule.maxEntries) entries (\(schedules.count))")
        }
        let defaultTitle = try notificationContent?.title.map { text throws(ContentError) in
            try Self.text(text, path: "notificationContent.title", limit: .title)
        }
        let defaultBody = try notificationContent?.subtitle.map { text throws(ContentError) in
            try Self.text(text, path: "notificationContent.subtitle", limit: .body)
        }
        var firstIndex: [String: Int] = [:]
        var entries: [RemoteSchedule.Entry] = []
        for (index, raw) in schedules.enumerated() {
            let path = "schedules[\(index)]."
            let id = raw.id
            guard !id.isEmpty, id.count <= RemoteSchedule.maxIDLength,
                id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            else {
                throw ContentError(path: path + "id", message: "use 1 to \(RemoteSchedule.maxIDLength) letters, digits, '-', '_' or '.'")
            }
            if let earlier = firstIndex[id] {
                throw ContentError(path: path + "id", message: "\(id) is used twice (also schedules[\(earlier)])")
            }
            firstIndex[id] = index
            guard raw.dayOffset >= 0 else { throw ContentError(path: path + "dayOffset", message: "must be ≥ 0") }
            guard raw.dayOffset <= RemoteSchedule.maxDayOffset else {
                throw ContentError(path: path + "dayOffset", message: "must be ≤ \(RemoteSchedule.maxDayOffset)")
            }
            let title =
                try raw.title.map { text throws(ContentError) in
                    try Self.text(text, path: path + "title", limit: .title)
                } ?? defaultTitle
            guard let title else {
                throw ContentError(path: path + "title", message: "missing, and notificationContent has no default title")
            }
            let body =
                try raw.subtitle.map { text throws(ContentError) in
                    try Self.text(text, path: path + "subtitle", limit: .body, allowEmpty: true)
                } ?? defaultBody ?? ""
            entries.append(RemoteSchedule.Entry(id: id, dayOffset: raw.dayOffset, title: title, body: body))
        }
        return RemoteSchedule(version: version, fixedTime: time, weekdaysOnly: config.weekdaysOnly ?? false, entries: entries)
    }

    /// `text` cleaned of markup and control characters, within `limit`.
    private static func text(_ text: String, path: String, limit: TextLimit, allowEmpty: Bool = false) throws(ContentError) -> String {
        let clean = TextSanitizer.clean(text)
        if clean.isEmpty && !allowEmpty { throw ContentError(path: path, message: "empty") }
        if let excess = limit.excess(of: clean) { throw ContentError(path: path, message: excess) }
        return clean
    }
}
