import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// RRULE, RDATE, EXDATE, RECURRENCE-ID overrides and the bounds on expansion.
@Suite struct ICSRecurrenceTests {
    @Test func exdateAndOverrides() throws {
        let expansion = try icsExpand(
            ICSFixtures.weeklyWithExceptions, from: "2026-01-01T00:00:00Z", until: "2026-02-03T00:00:00Z")
        let occurrences = expansion.occurrences
        #expect(expansion.eventCount == 3)
        #expect(expansion.truncated.isEmpty)
        #expect(
            occurrences.map(\.start)
                == ["2026-01-05T09:00:00Z", "2026-01-20T14:00:00Z", "2026-01-26T09:00:00Z", "2026-02-02T09:00:00Z"]
                .map(icsUTC))
        #expect(
            occurrences.map(\.recurrenceID)
                == ["2026-01-05T09:00:00Z", "2026-01-19T09:00:00Z", "2026-01-26T09:00:00Z", "2026-02-02T09:00:00Z"]
                .map(icsUTC))
        #expect(occurrences.map(\.end) == occurrences.map { $0.start + 3_600_000 })
        #expect(occurrences.map(\.summary) == ["Team sync", "Team sync (moved)", "Team sync", "Team sync"])
        #expect(occurrences.map(\.cancelled) == [false, false, true, false])
        #expect(occurrences.map(\.sequence) == [2, 3, 3, 2])
        // The overrides lack LOCATION: they keep the master's.
        #expect(occurrences.allSatisfy { $0.location == "Room 1" })
        #expect(occurrences.allSatisfy { $0.uid == "weekly-1" })
    }

    @Test func overrideMovesAnInstanceOutOfTheWindow() throws {
        // The 01-19 instance moved to 01-20 15:00 Berlin: nothing is left on Monday 01-19.
        let expansion = try icsExpand(
            ICSFixtures.weeklyWithExceptions, from: "2026-01-19T00:00:00Z", until: "2026-01-20T00:00:00Z")
        #expect(expansion.occurrences.isEmpty)
    }

    @Test func overrideMovesAnInstanceIntoTheWindow() throws {
        let expansion = try icsExpand(
            ICSFixtures.weeklyWithExceptions, from: "2026-01-20T00:00:00Z", until: "2026-01-21T00:00:00Z")
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-01-20T14:00:00Z")])
        #expect(expansion.occurrences.map(\.recurrenceID) == [icsUTC("2026-01-19T09:00:00Z")])
    }

    @Test func exdateWithUtcValueMatchesZonedInstance() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:ex", "DTSTART;TZID=Europe/Berlin:20260105T100000", "RRULE:FREQ=WEEKLY;COUNT=4",
                "EXDATE:20260112T090000Z,20260119T090000Z"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.start) == ["2026-01-05T09:00:00Z", "2026-01-26T09:00:00Z"].map(icsUTC))
    }

    @Test func count() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:count", "DTSTART;TZID=Europe/Berlin:20260105T100000", "DTEND;TZID=Europe/Berlin:20260105T103000",
                "RRULE:FREQ=WEEKLY;COUNT=10"))
        let all = try icsExpand(calendar)
        #expect(all.occurrences.count == 10)
        #expect(all.occurrences.last?.start == icsUTC("2026-03-09T09:00:00Z"))
        // A later window still counts from DTSTART: 02-02 … 03-09 are the 5th to the 10th.
        let later = try icsExpand(calendar, from: "2026-02-01T00:00:00Z", until: "2026-04-01T00:00:00Z")
        #expect(
            later.occurrences.map(\.start)
                == [
                    "2026-02-02T09:00:00Z", "2026-02-09T09:00:00Z", "2026-02-16T09:00:00Z", "2026-02-23T09:00:00Z",
                    "2026-03-02T09:00:00Z", "2026-03-09T09:00:00Z",
                ].map(icsUTC))
        #expect(later.truncated.isEmpty)
    }

    @Test func untilIsInclusive() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:until", "DTSTART;TZID=Europe/Berlin:20260201T100000", "RRULE:FREQ=DAILY;UNTIL=20260205T090000Z"))
        let expansion = try icsExpand(calendar)
        #expect(
            expansion.occurrences.map(\.start)
                == [
                    "2026-02-01T09:00:00Z", "2026-02-02T09:00:00Z", "2026-02-03T09:00:00Z", "2026-02-04T09:00:00Z",
                    "2026-02-05T09:00:00Z",
                ].map(icsUTC))
    }

    @Test func untilAcrossDSTInNewYork() throws {
        // UNTIL in UTC is converted to New York wall time (EDT after 03-08): 2026-03-10T13:00Z is 09:00 EDT.
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:until-ny", "DTSTART;TZID=America/New_York:20260306T090000",
                "RRULE:FREQ=DAILY;UNTIL=20260310T130000Z"))
        let expansion = try icsExpand(calendar)
        #expect(
            expansion.occurrences.map(\.start)
                == [
                    "2026-03-06T14:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z", "2026-03-09T13:00:00Z",
                    "2026-03-10T13:00:00Z",
                ].map(icsUTC))
    }

    @Test func rdateAddsAndExdateRemoves() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:rdate", "DTSTART:20260302T080000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3",
                "RDATE:20260304T120000Z,20260305T120000Z", "EXDATE:20260309T080000Z,20260305T120000Z"))
        let expansion = try icsExpand(calendar)
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-03-02T08:00:00Z", "2026-03-04T12:00:00Z", "2026-03-16T08:00:00Z"].map(icsUTC))
        #expect(expansion.occurrences.map(\.end) == expansion.occurrences.map { $0.start + 3_600_000 })
    }

    @Test func instanceThatStartedBeforeTheWindowStillOverlaps() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:long", "DTSTART:20260301T220000Z", "DTEND:20260302T020000Z", "RRULE:FREQ=DAILY"))
        let expansion = try icsExpand(calendar, from: "2026-03-10T00:00:00Z", until: "2026-03-10T12:00:00Z")
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-03-09T22:00:00Z")])
    }

    @Test func longAgoStartIsSkippedCheaply() throws {
        // Weekly since 1990: the iterator jumps to the window instead of walking 36 years.
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:old", "DTSTART;TZID=Europe/Berlin:19900101T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE"))
        let expansion = try icsExpand(calendar, from: "2026-03-23T00:00:00Z", until: "2026-04-02T00:00:00Z")
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-03-23T08:00:00Z", "2026-03-25T08:00:00Z", "2026-03-30T07:00:00Z", "2026-04-01T07:00:00Z"]
                .map(icsUTC))
        #expect(expansion.truncated.isEmpty)
    }

    @Test func hourlyIntervalKeepsItsPhaseWhenSkippingAhead() throws {
        // Every 5 hours from 2025-01-01T01:00Z: 2026-01-01 is 8760 h later (divisible by 5), so 01:00, 06:00, 11:00, …
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:hourly", "DTSTART:20250101T010000Z", "RRULE:FREQ=HOURLY;INTERVAL=5"))
        let expansion = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-01-01T12:00:00Z")
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-01-01T01:00:00Z", "2026-01-01T06:00:00Z", "2026-01-01T11:00:00Z"].map(icsUTC))
    }

    @Test func allDayEvents() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:trip", "DTSTART;VALUE=DATE:20260402", "DTEND;VALUE=DATE:20260404", "SUMMARY:Trip"),
            ICSFixtures.event("UID:holiday", "DTSTART;VALUE=DATE:20260501", "SUMMARY:Holiday"),
            ICSFixtures.event(
                "UID:birthday", "DTSTART;VALUE=DATE:19900329", "DURATION:P1D", "RRULE:FREQ=YEARLY", "SUMMARY:Birthday"))
        let expansion = try icsExpand(calendar, zone: .named("Europe/Berlin"))
        let byUID = Dictionary(grouping: expansion.occurrences, by: \.uid)
        let trip = try #require(byUID["trip"]?.first)
        #expect(trip.allDay)
        #expect(trip.start == icsUTC("2026-04-01T22:00:00Z"))
        #expect(trip.end == icsUTC("2026-04-03T22:00:00Z"))
        #expect(trip.recurrenceID == nil)
        let holiday = try #require(byUID["holiday"]?.first)
        #expect(holiday.start == icsUTC("2026-04-30T22:00:00Z"))
        #expect(holiday.end == icsUTC("2026-05-01T22:00:00Z"))
        // 2026-03-29 is the day Berlin moves to CEST: midnight is still CET, the next midnight CEST.
        let birthday = try #require(byUID["birthday"])
        #expect(birthday.map(\.start) == [icsUTC("2026-03-28T23:00:00Z")])
        #expect(birthday.map(\.end) == [icsUTC("2026-03-29T22:00:00Z")])
        #expect(birthday.map(\.recurrenceID) == [icsUTC("2026-03-28T23:00:00Z")])
    }

    @Test func allDayInAnotherFloatingZone() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.event("UID:day", "DTSTART;VALUE=DATE:20260402"))
        let occurrence = try #require(try icsExpand(calendar, zone: .named("America/New_York")).occurrences.first)
        #expect(occurrence.start == icsUTC("2026-04-02T04:00:00Z"))
        #expect(occurrence.end == icsUTC("2026-04-03T04:00:00Z"))
    }

    @Test func cancelledEvent() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:gone", "DTSTART:20260410T090000Z", "STATUS:CANCELLED", "SUMMARY:Gone"),
            ICSFixtures.event("UID:kept", "DTSTART:20260410T100000Z", "STATUS:CONFIRMED", "SUMMARY:Kept"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.uid) == ["gone", "kept"])
        #expect(expansion.occurrences.map(\.cancelled) == [true, false])
        // Without DTEND or DURATION a timed event ends when it starts.
        #expect(expansion.occurrences.allSatisfy { $0.end == $0.start })
    }

    @Test func orphanOverrideStandsAlone() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event(
                "UID:orphan", "RECURRENCE-ID:20260410T090000Z", "DTSTART:20260410T100000Z", "DTEND:20260410T110000Z",
                "SUMMARY:Just this one"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-04-10T10:00:00Z")])
        #expect(expansion.occurrences.map(\.recurrenceID) == [icsUTC("2026-04-10T09:00:00Z")])
    }

    @Test func singleEventsHaveNoRecurrenceID() throws {
        let expansion = try icsExpand(ICSFixtures.invitation)
        #expect(expansion.occurrences.map(\.recurrenceID) == [nil])
    }

    @Test func secondlyRuleIsBoundedAndReportedAsTruncated() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:every-second", "DTSTART:20260101T000000Z", "RRULE:FREQ=SECONDLY"),
            ICSFixtures.event("UID:normal", "DTSTART:20260301T090000Z", "RRULE:FREQ=WEEKLY;COUNT=2"))
        let expansion = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z")
        #expect(expansion.truncated == ["every-second"])
        #expect(expansion.occurrences.filter { $0.uid == "every-second" }.count == 1000)
        #expect(expansion.occurrences.filter { $0.uid == "normal" }.count == 2)
        let seconds = expansion.occurrences.filter { $0.uid == "every-second" }.map(\.start)
        #expect(seconds.first == icsUTC("2026-01-01T00:00:00Z"))
        #expect(seconds.last == icsUTC("2026-01-01T00:16:39Z"))
    }

    @Test func secondlyRuleStartedLongAgo() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:old-seconds", "DTSTART:20000101T000000Z", "RRULE:FREQ=SECONDLY;INTERVAL=7"))
        let expansion = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z", max: 3)
        // 2026-01-01T00:00:00Z is 820,540,800 s after 2000-01-01 = 7 × 117,220,114 + 2: the next instance is 5 s later.
        #expect(
            expansion.occurrences.map(\.start)
                == ["2026-01-01T00:00:05Z", "2026-01-01T00:00:12Z", "2026-01-01T00:00:19Z"].map(icsUTC))
        #expect(expansion.truncated == ["old-seconds"])
    }

    @Test func maxOccurrencesPerEvent() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:daily", "DTSTART:20260101T090000Z", "RRULE:FREQ=DAILY"),
            ICSFixtures.event("UID:exactly-three", "DTSTART:20260101T100000Z", "RRULE:FREQ=DAILY;COUNT=3"))
        let expansion = try icsExpand(calendar, max: 3)
        #expect(expansion.occurrences.filter { $0.uid == "daily" }.count == 3)
        #expect(expansion.occurrences.filter { $0.uid == "exactly-three" }.count == 3)
        #expect(expansion.truncated == ["daily"])
    }

    @Test(arguments: [
        "FREQ=SECONDLY;BYYEARDAY=366;BYMONTH=2",
        "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=SECONDLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0;BYSECOND=0",
        "FREQ=HOURLY;BYMONTHDAY=31;BYMONTH=4",
    ])
    func subDailyRulesWithByPartsAreNotExpanded(rule: String) throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:hostile", "DTSTART:20260105T090000Z", "RRULE:\(rule)"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.start) == [icsUTC("2026-01-05T09:00:00Z")])
        #expect(expansion.truncated == ["hostile"])
    }

    @Test(arguments: [
        "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4",
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=WEEKLY;INTERVAL=0",
        "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
        "FREQ=NEVER",
    ])
    func rulesThatNeverMatchEndQuickly(rule: String) throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.event("UID:never", "DTSTART:20260105T090000Z", "RRULE:\(rule)"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.first?.start == icsUTC("2026-01-05T09:00:00Z"))
    }

    @Test func manyEventsOverAMonth() throws {
        let calendar = ICSFixtures.many(1000)
        let expansion = try ICalendar.expand(
            calendar, from: icsUTC("2026-02-01T00:00:00Z"), until: icsUTC("2026-03-03T00:00:00Z"),
            floatingZone: .named("Europe/Berlin"))
        #expect(expansion.eventCount == 1000)
        // 500 single events in February, 500 weekly ones with 4 or 5 instances in 30 days.
        #expect(expansion.occurrences.filter { $0.recurrenceID == nil }.count == 500)
        #expect(expansion.occurrences.filter { $0.recurrenceID != nil }.count >= 2000)
        #expect(expansion.truncated.isEmpty)
        // Its speed is scripts/bench-calendar's to measure, on a release build.
    }

    @Test func duplicateUIDKeepsTheHighestSequence() throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:dup", "DTSTART:20260410T090000Z", "SUMMARY:Old", "SEQUENCE:1"),
            ICSFixtures.event("UID:dup", "DTSTART:20260410T100000Z", "SUMMARY:New", "SEQUENCE:2"))
        let expansion = try icsExpand(calendar)
        #expect(expansion.occurrences.map(\.summary) == ["New"])
        #expect(expansion.eventCount == 2)
    }

    @Test func severalCalendarsInOneFile() throws {
        let text =
            ICSFixtures.calendar(ICSFixtures.event("UID:a", "DTSTART:20260410T090000Z"))
            + ICSFixtures.calendar(ICSFixtures.event("UID:b", "DTSTART:20260411T090000Z"))
        let expansion = try icsExpand(text)
        #expect(expansion.occurrences.map(\.uid) == ["a", "b"])
        #expect(try ICalendar.validate(Array(text.utf8)) == 2)
    }
}
