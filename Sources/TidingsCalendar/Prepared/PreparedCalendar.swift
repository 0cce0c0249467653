import CICal
import TidingsCore

/// A calendar parsed once and kept in the form expansion starts from: its events with their
/// times, rules, overrides and zones resolved, and what reading it found. It is written
/// beside the cached ICS (see `CalendarPreparer`) and loads in a few milliseconds, where
/// parsing the ICS with libical takes tens.
///
/// The bytes begin with a header that ties them to one text: a mark, the format's version,
/// the text's length and FNV-1a hash, the payload's length and its FNV-1a check sum. Bytes
/// that do not match the text, or whose check sum fails, are not used.
public struct PreparedCalendar {
    /// The events, in file order (masters and overrides).
    var events: [ICSEvent]
    /// What was skipped to read the rest (see `CalendarExpansion.warnings`).
    public var warnings: [String]
    /// How many of the events were given a UID derived from their content.
    public var withoutUID: Int

    /// The number of VEVENTs.
    public var eventCount: Int { events.count }

    /// The first bytes of every prepared form.
    static let mark: [UInt8] = Array("TIDINGS-PREPARED-ICS".utf8)
    /// Changes whenever the layout below or what `ICSEvent` keeps changes.
    static let formatVersion: Int64 = 2
    /// The header: the mark, the version, the text's length and hash, the payload's length and check sum.
    static let headerSize = mark.count + 5 * 8

    /// The bytes to keep for `text`, or nil when the calendar holds what only its parsed form
    /// can (a zone of its own VTIMEZONE, an RSCALE rule): such a calendar is read each time.
    func encoded(for text: String) -> [UInt8]? {
        // One buffer, the header's lengths and sum filled in last: a form is about 1.5 times its text.
        var form = PreparedWriter()
        form.bytes.reserveCapacity(Self.headerSize + 2 * text.utf8.count)
        for byte in Self.mark { form.byte(byte) }
        form.int(Self.formatVersion)
        form.int(Int64(text.utf8.count))
        form.int(Int64(bitPattern: StableHash.fnv1a(text)))
        form.int(0)
        form.int(0)
        form.strings(warnings)
        form.int(Int64(withoutUID))
        form.int32(Int32(events.count))
        for event in events where !form.event(event) { return nil }
        form.int(Int64(form.bytes.count - Self.headerSize), at: Self.headerSize - 16)
        form.int(Int64(bitPattern: StableHash.fnv1a(bytes: form.bytes[Self.headerSize...])), at: Self.headerSize - 8)
        return form.bytes
    }

    /// The prepared form in `bytes`, when they are one of `text` written by this format.
    init(decoding bytes: [UInt8], for text: String) throws(PreparedDamage) {
        guard bytes.count >= Self.headerSize, bytes.starts(with: Self.mark) else { throw PreparedDamage(reason: "no prepared form") }
        var reader = PreparedReader(bytes, at: Self.mark.count)
        guard try reader.int() == Self.formatVersion else { throw PreparedDamage(reason: "another format") }
        guard try reader.int() == Int64(text.utf8.count), try reader.int() == Int64(bitPattern: StableHash.fnv1a(text)) else {
            throw PreparedDamage(reason: "prepared from another text")
        }
        let length = try reader.int()
        let sum = try reader.int()
        guard length == Int64(bytes.count - Self.headerSize) else { throw PreparedDamage(reason: "\(bytes.count) bytes, not \(length)") }
        guard sum == Int64(bitPattern: StableHash.fnv1a(bytes: bytes[Self.headerSize...])) else {
            throw PreparedDamage(reason: "check sum differs")
        }
        if let problem = tidings_ical_load() {
            throw PreparedDamage(reason: "cannot load libical: \(String(cString: problem))")
        }
        warnings = try reader.strings()
        withoutUID = Int(try reader.int())
        let count = try reader.count(minimumSize: 16)
        var zones: [String: Zone] = [:]
        events = []
        events.reserveCapacity(count)
        for _ in 0..<count { events.append(try reader.event(zones: &zones)) }
        guard reader.isAtEnd else { throw PreparedDamage(reason: "bytes after the last event") }
    }

    init(events: [ICSEvent], warnings: [String], withoutUID: Int) {
        self.events = events
        self.warnings = warnings
        self.withoutUID = withoutUID
    }
}
