import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// TZID resolution and DST: every expected instant is worked out by hand in UTC.
@Suite struct ICSTimeZoneTests {
    /// Sunday 09:00 Europe/Berlin around 2026-03-29 (CET → CEST) and 2026-10-25 (CEST → CET).
    static let berlinSundays = [
        "2026-03-22T08:00:00Z", "2026-03-29T07:00:00Z", "2026-04-05T07:00:00Z",
        "2026-10-18T07:00:00Z", "2026-10-25T08:00:00Z", "2026-11-01T08:00:00Z",
    ]

    /// Sunday 09:00 America/New_York around 2026-03-08 (EST → EDT) and 2026-11-01 (EDT → EST).
    static let newYorkSundays = [
        "2026-03-01T14:00:00Z", "2026-03-08T13:00:00Z", "2026-03-15T13:00:00Z",
        "2026-10-25T13:00:00Z", "2026-11-01T14:00:00Z", "2026-11-08T14:00:00Z",
    ]

    private func starts(_ calendar: String, around days: [String]) throws -> [EpochMillis] {
        // One window a little wider than each expected instance, so both DST weeks are covered.
        var found: [EpochMillis] = []
        for day in days {
            let instant = icsUTC(day)
            let expansion = try ICalendar.expand(
                calendar, from: instant - 3_600_000, until: instant + 3_600_000, floatingZone: .named("Asia/Tokyo"))
            found += expansion.occurrences.map(\.start)
        }
        return found
    }

    @Test func berlinWeeklyAcrossDSTWithoutVTimezone() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "Europe/Berlin"))
        #expect(try starts(calendar, around: Self.berlinSundays) == Self.berlinSundays.map(icsUTC))
    }

    @Test func berlinWeeklyAcrossDSTWithVTimezone() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.berlinZone, ICSFixtures.sundayMeeting(tzid: "Europe/Berlin"))
        #expect(try starts(calendar, around: Self.berlinSundays) == Self.berlinSundays.map(icsUTC))
    }

    @Test func newYorkWeeklyAcrossDSTWithoutVTimezone() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "America/New_York"))
        #expect(try starts(calendar, around: Self.newYorkSundays) == Self.newYorkSundays.map(icsUTC))
    }

    @Test func newYorkWeeklyAcrossDSTWithVTimezone() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.newYorkZone, ICSFixtures.sundayMeeting(tzid: "America/New_York"))
        #expect(try starts(calendar, around: Self.newYorkSundays) == Self.newYorkSundays.map(icsUTC))
    }

    @Test func wholeSpringMonthInBerlin() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.sundayMeeting(tzid: "Europe/Berlin"))
        let expansion = try icsExpand(calendar, from: "2026-03-01T00:00:00Z", until: "2026-04-06T00:00:00Z")
        #expect(
            expansion.occurrences.map(\.start)
                == [
                    "2026-03-01T08:00:00Z", "2026-03-08T08:00:00Z", "2026-03-15T08:00:00Z", "2026-03-22T08:00:00Z",
                    "2026-03-29T07:00:00Z", "2026-04-05T07:00:00Z",
                ].map(icsUTC))
        // 30 minutes each, also on the day the clocks change.
        #expect(expansion.occurrences.allSatisfy { $0.end - $0.start == 30 * 60_000 })
        // Recurring instances carry their original start.
        #expect(expansion.occurrences.allSatisfy { $0.recurrenceID == $0.start })
        #expect(expansion.occurrences.allSatisfy { $0.uid == "sunday-Europe/Berlin" && $0.summary == "Sunday sync" })
    }

    @Test func theSystemZoneWinsOverAVTimezoneOfAKnownName() throws {
        // A VTIMEZONE decides only for names the system does not know (see ICSWindowsZoneTests).
        let calendar = ICSFixtures.calendar(
            ICSFixtures.fakeBerlinZone,
            ICSFixtures.event("UID:fake", "DTSTART;TZID=Europe/Berlin:20260410T090000", "SUMMARY:x"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-04-10T07:00:00Z")])
    }

    @Test func customTzidWithVTimezone() throws {
        let zone = ICSFixtures.berlinZone.replacingOccurrences(of: "TZID:Europe/Berlin", with: "TZID:My Office")
        let calendar = ICSFixtures.calendar(
            zone, ICSFixtures.event("UID:office", "DTSTART;TZID=\"My Office\":20260410T090000", "DURATION:PT1H"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-04-10T07:00:00Z")])
        #expect(expansion.occurrences.map(\.end) == [icsUTC("2026-04-10T08:00:00Z")])
    }

    @Test func outlookVTimezoneWithWindowsName() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.outlookBerlinZone,
            ICSFixtures.event(
                "UID:outlook", "DTSTART;TZID=W. Europe Standard Time:20260323T090000",
                "DTEND;TZID=W. Europe Standard Time:20260323T100000", "RRULE:FREQ=WEEKLY;COUNT=3"))
        let expansion = try icsExpand(calendar)
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-03-23T08:00:00Z", "2026-03-30T07:00:00Z", "2026-04-06T07:00:00Z"].map(icsUTC))
    }

    @Test(arguments: [
        ("W. Europe Standard Time", "2026-04-10T07:00:00Z"),
        ("Romance Standard Time", "2026-04-10T07:00:00Z"),
        ("Central European Standard Time", "2026-04-10T07:00:00Z"),
        ("GMT Standard Time", "2026-04-10T08:00:00Z"),
        ("Eastern Standard Time", "2026-04-10T13:00:00Z"),
        ("Central Standard Time", "2026-04-10T14:00:00Z"),
        ("Mountain Standard Time", "2026-04-10T15:00:00Z"),
        ("Pacific Standard Time", "2026-04-10T16:00:00Z"),
        ("India Standard Time", "2026-04-10T03:30:00Z"),
        ("China Standard Time", "2026-04-10T01:00:00Z"),
        ("Tokyo Standard Time", "2026-04-10T00:00:00Z"),
        ("AUS Eastern Standard Time", "2026-04-09T23:00:00Z"),
        ("UTC", "2026-04-10T09:00:00Z"),
    ])
    func windowsZoneNamesWithoutVTimezone(name: String, expected: String) throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:win", "DTSTART;TZID=\"\(name)\":20260410T090000", "SUMMARY:Windows"))
        let expansion = try icsExpand(calendar, zone: .named("America/Sao_Paulo"))
        #expect(expansion.occurrences.map(\.start) == [icsUTC(expected)])
    }

    @Test func prefixedTzid() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:prefixed", "DTSTART;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260410T090000"))
        #expect(try icsExpand(calendar).occurrences.map(\.start) == [icsUTC("2026-04-10T07:00:00Z")])
    }

    @Test func floatingTimeIsReadInTheFloatingZone() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:float", "DTSTART:20260410T090000", "DTEND:20260410T100000"))
        let newYork = try icsExpand(calendar, zone: .named("America/New_York")).occurrences
        let berlin = try icsExpand(calendar, zone: .named("Europe/Berlin")).occurrences
        #expect(newYork.map(\.start) == [icsUTC("2026-04-10T13:00:00Z")])
        #expect(newYork.map(\.end) == [icsUTC("2026-04-10T14:00:00Z")])
        #expect(berlin.map(\.start) == [icsUTC("2026-04-10T07:00:00Z")])
        #expect(newYork.first?.allDay == false)
    }

    @Test func utcTimeIgnoresTheFloatingZone() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:utc", "DTSTART:20260410T090000Z", "DTEND:20260410T093000Z", "RRULE:FREQ=DAILY;COUNT=2"))
        for zone in ["America/New_York", "Asia/Kolkata"] {
            let occurrences = try icsExpand(calendar, zone: .named(zone)).occurrences
            #expect(occurrences.map(\.start) == ["2026-04-10T09:00:00Z", "2026-04-11T09:00:00Z"].map(icsUTC))
            #expect(occurrences.map(\.end) == ["2026-04-10T09:30:00Z", "2026-04-11T09:30:00Z"].map(icsUTC))
        }
    }

    @Test func unknownTzidIsFloating() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:mars", "DTSTART;TZID=Mars/Olympus_Mons:20260410T090000"),
            ICSFixtures.event("UID:outlook-label", "DTSTART;TZID=\"(UTC+01:00) Amsterdam, Berlin\":20260411T090000"))
        let expansion = try icsExpand(calendar, zone: .named("Europe/Berlin"))
        #expect(expansion.occurrences.map(\.start) == ["2026-04-10T07:00:00Z", "2026-04-11T07:00:00Z"].map(icsUTC))
    }

    @Test func hostileTzidIsNotOpenedAsAFile() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:passwd", "DTSTART;TZID=../../../etc/passwd:20260410T090000"),
            ICSFixtures.event("UID:stdin", "DTSTART;TZID=../../../dev/stdin:20260411T090000"))
        let expansion = try icsExpand(calendar, zone: .named("Europe/Berlin"))
        #expect(expansion.occurrences.map(\.start) == ["2026-04-10T07:00:00Z", "2026-04-11T07:00:00Z"].map(icsUTC))
    }

    @Test(arguments: [
        "FREQ=SECONDLY",
        "FREQ=MINUTELY",
        "FREQ=DAILY",
        "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        "FREQ=YEARLY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23",
    ])
    func vtimezoneThatWouldStallLibicalIsIgnored(rule: String) throws {
        // libical would expand these rules change by change from year 1; the TZID is resolved by name instead.
        let zone = """
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            BEGIN:STANDARD
            DTSTART:00010101T000000
            TZOFFSETFROM:+0500
            TZOFFSETTO:+0500
            RRULE:\(rule)
            END:STANDARD
            END:VTIMEZONE
            """
        let custom = zone.replacingOccurrences(of: "TZID:Europe/Berlin", with: "TZID:Evil")
        let calendar = ICSFixtures.calendar(
            zone, ICSFixtures.event("UID:named", "DTSTART;TZID=Europe/Berlin:20260410T090000"))
        let floating = ICSFixtures.calendar(
            custom, ICSFixtures.event("UID:custom", "DTSTART;TZID=Evil:20260410T090000"))
        #expect(try icsExpand(calendar).occurrences.map(\.start) == [icsUTC("2026-04-10T07:00:00Z")])
        #expect(
            try icsExpand(floating, zone: .named("Asia/Tokyo")).occurrences.map(\.start) == [
                icsUTC("2026-04-10T00:00:00Z")
            ])
    }

    @Test func skippedLocalTimeUsesTheOffsetBeforeTheChange() throws {
        // 02:30 does not exist in Berlin on 2026-03-29: RFC 5545 reads it with CET (+01:00): 01:30Z = 03:30 CEST.
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:gap", "DTSTART;TZID=Europe/Berlin:20260328T023000", "RRULE:FREQ=DAILY;COUNT=3"))
        let expansion = try icsExpand(calendar)
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"].map(icsUTC))
    }

    @Test func repeatedLocalTimeTakesTheFirstOccurrence() throws {
        // 02:30 happens twice in Berlin on 2026-10-25: the first is 02:30 CEST = 00:30Z.
        let withoutZone = ICSFixtures.calendar(
            ICSFixtures.event("UID:overlap", "DTSTART;TZID=Europe/Berlin:20261025T023000"))
        let withZone = ICSFixtures.calendar(
            ICSFixtures.berlinZone, ICSFixtures.event("UID:overlap", "DTSTART;TZID=Europe/Berlin:20261025T023000"))
        #expect(try icsExpand(withoutZone).occurrences.map(\.start) == [icsUTC("2026-10-25T00:30:00Z")])
        #expect(try icsExpand(withZone).occurrences.map(\.start) == [icsUTC("2026-10-25T00:30:00Z")])
    }

    @Test func endInAnotherZone() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:flight", "DTSTART;TZID=Europe/Berlin:20260410T090000",
                "DTEND;TZID=America/New_York:20260410T120000"))
        let occurrence = try #require(try icsExpand(calendar).occurrences.first)
        #expect(occurrence.start == icsUTC("2026-04-10T07:00:00Z"))
        #expect(occurrence.end == icsUTC("2026-04-10T16:00:00Z"))
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
