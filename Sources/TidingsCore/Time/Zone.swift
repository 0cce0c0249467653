import Foundation
import Synchronization

/// A time zone with the conversions the planner needs between instants and wall clocks,
/// including the rules for days when clocks change.
public struct Zone: Sendable, Equatable {
    private let fixed: TimeZone?
    private let offsets: OffsetCache?

    /// The underlying zone.
    public var timeZone: TimeZone {
        if let fixed { return fixed }
        if let deferredName { return TimeZone(identifier: deferredName) ?? TimeZone(secondsFromGMT: 0) ?? .current }
        return TimeZone.current
    }

    /// Wraps a Foundation zone.
    public init(_ timeZone: TimeZone) {
        fixed = timeZone
        deferredName = nil
        offsets = nil
    }

    /// The zone named by an IANA identifier such as `Europe/Berlin`, or nil when unknown.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        fixed = zone
        deferredName = nil
        offsets = nil
    }

    private let deferredName: String?

    private init(deferred name: String?) {
        fixed = nil
        deferredName = name
        offsets = nil
    }

    private init(cached timeZone: TimeZone) {
        fixed = timeZone
        deferredName = nil
        offsets = OffsetCache()
    }

    /// The zone named `identifier`, looked up on first use; UTC if the name is unknown.
    public static func deferred(named identifier: String) -> Zone { Zone(deferred: identifier) }

    /// The zone of this process: `TZ` when set, else the system's. It is looked up on first
    /// use, not here: loading zone data costs more than an idle `deliver` run may spend.
    public static var current: Zone { Zone(deferred: nil) }

    /// The same zone with its data loaded and its offsets remembered, for loops that convert
    /// many instants (a year of meetings asks for the same few offsets thousands of times).
    public func resolved() -> Zone { offsets == nil ? Zone(cached: timeZone) : self }

    public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }

    /// The IANA name, e.g. `Europe/Berlin`.
    public var identifier: String { timeZone.identifier }

    /// Seconds east of UTC in effect at `seconds` since the epoch.
    public func offset(atEpochSeconds seconds: Int64) -> Int {
        // Since 1970 every zone changes its offset on a quarter hour of UTC, so an offset
        // holds for the whole quarter hour it was computed in.
        guard let offsets, seconds >= 0 else { return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let quarter = seconds / 900
        if let known = offsets.table.withLock({ $0[quarter] }) { return known }
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(quarter * 900)))
        offsets.table.withLock { $0[quarter] = offset }
        return offset
    }

    /// The local date and the seconds since local midnight at `instant`.
    public func local(_ instant: EpochMillis) -> (date: LocalDate, secondOfDay: Int) {
        let seconds = Zone.floorDiv(instant, 1000)
        let local = seconds + Int64(offset(atEpochSeconds: seconds))
        let day = Zone.floorDiv(local, 86_400)
        return (LocalDate(dayNumber: Int(day)), Int(local - day * 86_400))
    }

    /// The local date at `instant`.
    public func date(of instant: EpochMillis) -> LocalDate { local(instant).date }

    /// The instant when the wall clock shows `time` on `date`.
    ///
    /// On the day clocks go forward a time that does not exist moves forward to the first
    /// minute that does (02:30 → 03:00); on the day they go back an ambiguous time takes
    /// its first occurrence (the earlier instant).
    public func instant(_ date: LocalDate, _ time: WallTime) -> EpochMillis {
        let wall = Int64(date.dayNumber) * 86_400 + Int64(time.minuteOfDay) * 60
        if let exact = firstInstant(showingWall: wall) { return exact * 1000 }
        // A gap is at most a few hours (usually one); look minute by minute up to a day.
        for minute in 1...(24 * 60) {
            if let shifted = firstInstant(showingWall: wall + Int64(minute) * 60) { return shifted * 1000 }
        }
        return (wall - Int64(offset(atEpochSeconds: wall))) * 1000
    }

    /// The instant when this zone's clock shows the wall time (to the minute) that `other`'s
    /// clock shows at `instant`: an alarm clock carried to another zone. The same zone gives
    /// `instant` itself, so an ambiguous hour keeps the occurrence it had.
    public func sameWallTime(as instant: EpochMillis, in other: Zone) -> EpochMillis {
        guard other.identifier != identifier else { return instant }
        let (date, second) = other.local(instant)
        return self.instant(date, WallTime(hour: second / 3600, minute: second / 60 % 60) ?? .midnight)
    }

    /// The first instant of the local day after the one `instant` falls on.
    public func endOfDay(containing instant: EpochMillis) -> EpochMillis {
        startOfDay(date(of: instant).adding(days: 1))
    }

    /// The local midnight at the start of `date` (or the first minute after it, where midnight is skipped).
    public func startOfDay(_ date: LocalDate) -> EpochMillis {
        instant(date, .midnight)
    }

    private func firstInstant(showingWall wall: Int64) -> Int64? {
        let offsets = Set([wall - 86_400, wall, wall + 86_400].map { offset(atEpochSeconds: $0) })
        return offsets.map { wall - Int64($0) }
            .filter { Int64(offset(atEpochSeconds: $0)) == wall - $0 }
            .min()
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}

/// Offsets already computed for a zone, by quarter hour of UTC.
private final class OffsetCache: Sendable {
    let table = Mutex<[Int64: Int]>([:])
}
