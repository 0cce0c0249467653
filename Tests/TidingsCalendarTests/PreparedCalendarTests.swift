import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// Calendars kept prepared between plans: the same expansion as parsing the ICS, parsed again
/// only when the text changed or the kept form cannot be trusted.
@Suite struct PreparedCalendarTests {
    /// A place to keep forms, in memory, that counts what is stored.
    final class Shelf {
        var forms: [String: [UInt8]] = [:]
        var stored = 0

        func preparer() -> CalendarPreparer {
            CalendarPreparer(
                load: { [unowned self] in forms[$0] },
                store: { [unowned self] key, bytes in
                    forms[key] = bytes
                    stored += 1
                })
        }
    }

    /// Calendars of every shape the expander reads: zones by name, by Windows name and from a
    /// VTIMEZONE, overrides (moved, cancelled, THISANDFUTURE), EXDATE, RDATE, all-day, DURATION,
    /// alarms, attendees, floating times, monthly and sub-daily rules.
    static let calendars: [String] = [
        ICSFixtures.weeklyWithExceptions,
        ICSFixtures.invitation,
        ICSFixtures.many(60),
        ICSFixtures.calendar(ICSFixtures.outlookBerlinZone, ICSFixtures.sundayMeeting(tzid: "W. Europe Standard Time")),
        ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "America/New_York"), ICSFixtures.sundayMeeting(tzid: "Floating/Nowhere")),
        ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:series", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20260302T090000", "DURATION:PT1H",
                "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260630T000000Z", "RDATE;TZID=Europe/Berlin:20260307T120000",
                "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20260310T140000/20260310T163000", "RDATE;VALUE=PERIOD:20260311T100000Z/PT3H",
                "EXDATE;TZID=Europe/Berlin:20260304T090000", "SUMMARY:Series",
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM",
                "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;RELATED=END:PT0M", "END:VALARM"),
            ICSFixtures.event(
                "UID:series", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260406T090000",
                "DTSTART;TZID=Europe/Berlin:20260406T100000", "DURATION:PT30M", "SUMMARY:Series, later", "SEQUENCE:1"),
            ICSFixtures.event("UID:holiday", "DTSTART;VALUE=DATE:20260501", "DTEND;VALUE=DATE:20260503", "STATUS:CANCELLED"),
            ICSFixtures.event(
                "UID:monthly", "DTSTART:20260115T160000", "DTEND:20260115T170000", "RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=8",
                "ORGANIZER:mailto:me@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.com"),
            ICSFixtures.event("UID:hourly", "DTSTART:20260601T080000Z", "RRULE:FREQ=HOURLY;INTERVAL=5;COUNT=30"),
            ICSFixtures.event("UID:stuck", "DTSTART:20260601T080000Z", "RRULE:FREQ=MINUTELY;BYHOUR=9")),
    ]

    static func same(_ a: CalendarExpansion, _ b: CalendarExpansion) -> Bool {
        a.occurrences == b.occurrences && a.truncated == b.truncated && a.warnings == b.warnings && a.limitCut == b.limitCut
            && a.eventCount == b.eventCount
    }

    static func expand(_ preparer: CalendarPreparer, _ text: String, from: String, until: String, zone: Zone = .utc) throws
        -> CalendarExpansion
    {
        try preparer.expand(text, key: "work", from: icsUTC(from), until: icsUTC(until), floatingZone: zone)
    }

    @Test(arguments: calendars.indices)
    func aPreparedFormExpandsAsTheTextDoes(index: Int) throws {
        let text = Self.calendars[index]
        let shelf = Shelf()
        let preparer = shelf.preparer()
        for zone in [Zone.utc, Zone(identifier: "Australia/Lord_Howe")!] {
            let parsed = try icsExpand(text, zone: zone)
            let first = try Self.expand(preparer, text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z", zone: zone)
            let second = try Self.expand(preparer, text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z", zone: zone)
            #expect(Self.same(parsed, first))
            #expect(Self.same(parsed, second))
            #expect(!parsed.occurrences.isEmpty)
        }
        #expect(preparer.parsed == 1, "parsed once, then taken from the kept form")
        #expect(preparer.loaded == 3)
    }

    @Test func theSameBytesAreNotParsedAgain() throws {
        let shelf = Shelf()
        let text = ICSFixtures.many(40)
        _ = try Self.expand(shelf.preparer(), text, from: "2026-02-01T00:00:00Z", until: "2026-03-01T00:00:00Z")
        // A later plan (a new preparer, as a new run) over another horizon.
        let later = shelf.preparer()
        _ = try Self.expand(later, text, from: "2026-02-10T00:00:00Z", until: "2026-12-01T00:00:00Z")
        #expect(later.parsed == 0)
        #expect(later.loaded == 1)
        #expect(shelf.stored == 1)
    }

    @Test func changedContentIsReadAgain() throws {
        let shelf = Shelf()
        let before = ICSFixtures.many(10)
        let after = before.replacingOccurrences(of: "SUMMARY:Event 3\n", with: "SUMMARY:Event three\n")
        #expect(before != after)
        _ = try Self.expand(shelf.preparer(), before, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        let preparer = shelf.preparer()
        let expansion = try Self.expand(preparer, after, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        #expect(preparer.parsed == 1)
        #expect(preparer.refused == ["prepared from another text"])
        #expect(expansion.occurrences.contains { $0.summary == "Event three" })
        #expect(!expansion.occurrences.contains { $0.summary == "Event 3" })
        #expect(shelf.stored == 2, "the new form replaces the old")
        let again = shelf.preparer()
        _ = try Self.expand(again, after, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        #expect(again.parsed == 0)
    }

    @Test func aDamagedFormIsRebuiltFromTheText() throws {
        let text = ICSFixtures.weeklyWithExceptions
        let parsed = try icsExpand(text)
        let shelf = Shelf()
        _ = try Self.expand(shelf.preparer(), text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        let good = try #require(shelf.forms["work"])
        var flipped = good
        flipped[flipped.count / 2] ^= 0x40
        var otherVersion = good
        otherVersion[PreparedCalendar.mark.count] &+= 1
        let damaged: [(bytes: [UInt8], reason: String)] = [
            (flipped, "check sum differs"),
            (Array(good.dropLast(7)), "\(good.count - 7) bytes, not \(good.count - PreparedCalendar.headerSize)"),
            (good + [0], "\(good.count + 1) bytes, not \(good.count - PreparedCalendar.headerSize)"),
            (Array(good.prefix(10)), "no prepared form"),
            ([], "no prepared form"),
            (otherVersion, "another format"),
        ]
        for (bytes, reason) in damaged {
            shelf.forms["work"] = bytes
            let preparer = shelf.preparer()
            let expansion = try Self.expand(preparer, text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
            #expect(preparer.refused == [reason])
            #expect(preparer.parsed == 1)
            #expect(Self.same(expansion, parsed))
            #expect(shelf.forms["work"] == good, "rebuilt and kept again")
        }
    }

    @Test func everyTruncationIsRefusedNeverMisread() throws {
        let text = ICSFixtures.invitation
        let shelf = Shelf()
        _ = try Self.expand(shelf.preparer(), text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        let good = try #require(shelf.forms["work"])
        // Without the check sum standing in the way: the reader itself must stop at each end.
        for length in 0..<(good.count - PreparedCalendar.headerSize) {
            var reader = PreparedReader(Array(good[PreparedCalendar.headerSize..<(PreparedCalendar.headerSize + length)]))
            #expect(throws: PreparedDamage.self) {
                _ = try reader.strings()
                _ = try reader.int()
                var zones: [String: Zone] = [:]
                for _ in 0..<(try reader.count(minimumSize: 16)) { _ = try reader.event(zones: &zones) }
            }
        }
    }

    @Test func aCalendarWithAZoneOfItsOwnIsReadEachTime() throws {
        // A TZID only its own VTIMEZONE defines: libical holds that zone, the form cannot.
        let zone = ICSFixtures.berlinZone.replacingOccurrences(of: "TZID:Europe/Berlin", with: "TZID:Office time")
        let text = ICSFixtures.calendar(zone, ICSFixtures.sundayMeeting(tzid: "Office time"))
        let shelf = Shelf()
        let parsed = try icsExpand(text)
        for _ in 0..<2 {
            let expansion = try Self.expand(shelf.preparer(), text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
            #expect(Self.same(expansion, parsed))
        }
        #expect(shelf.stored == 0)
        #expect(parsed.occurrences.first?.start == icsUTC("2026-03-01T08:00:00Z"))
    }

    @Test func theHorizonAloneGivesTheInstancesOfTheWholeYear() throws {
        let text = Self.calendars[5] + ""
        let shelf = Shelf()
        let year = try Self.expand(shelf.preparer(), text, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        let horizon = (from: icsUTC("2026-04-01T00:00:00Z"), until: icsUTC("2026-04-20T00:00:00Z"))
        let preparer = shelf.preparer()
        let window = try preparer.expand(text, key: "work", from: horizon.from, until: horizon.until, floatingZone: .utc)
        let overlapping = year.occurrences.filter { $0.start < horizon.until && ($0.end > horizon.from || $0.start >= horizon.from) }
        #expect(window.occurrences == overlapping)
        #expect(!overlapping.isEmpty)
        #expect(preparer.parsed == 0)
    }

    /// The prepared form of `text`, as a plan keeps it.
    static func prepared(_ text: String) throws -> PreparedCalendar? {
        let shelf = Shelf()
        _ = try expand(shelf.preparer(), text, from: "2026-01-01T00:00:00Z", until: "2026-01-02T00:00:00Z")
        return try shelf.forms["work"].map { try PreparedCalendar(decoding: $0, for: text) }
    }

    @Test func tooManyOccurrencesRefuseTheCalendarBeforeTheyPileUp() throws {
        let text = ICSLimitTests.daily(30)
        let prepared = try #require(try Self.prepared(text))
        #expect(throws: CalendarError.self) {
            try ICalendar.expand(
                prepared, from: icsUTC("2026-01-01T00:00:00Z"), until: icsUTC("2026-03-01T00:00:00Z"), floatingZone: .utc,
                maxOccurrencesPerEvent: 1000, maxOccurrences: 500)
        }
        do {
            _ = try ICalendar.expand(
                prepared, from: icsUTC("2026-01-01T00:00:00Z"), until: icsUTC("2026-03-01T00:00:00Z"), floatingZone: .utc,
                maxOccurrencesPerEvent: 1000, maxOccurrences: 500)
        } catch {
            #expect(error.message == "its 30 events have more than 500 occurrences in the 59 days expanded, the limit per calendar")
        }
        // 30 × 59 = 1,770 fit under a limit of 2,000.
        let fits = try ICalendar.expand(
            prepared, from: icsUTC("2026-01-01T00:00:00Z"), until: icsUTC("2026-03-01T00:00:00Z"), floatingZone: .utc,
            maxOccurrencesPerEvent: 1000, maxOccurrences: 2000)
        #expect(fits.occurrences.count == 1770)
    }
}
