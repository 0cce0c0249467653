import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// RECURRENCE-ID overrides: RANGE=THISANDFUTURE, and which version of a series wins.
@Suite struct ICSOverrideTests {
    /// Weekly on Mondays 10:00–11:00 Berlin from 2026-01-05 (`rule`), in Room 1, the master
    /// with the lines `master`, then the VEVENTs `extra`.
    static func weekly(rule: String = "FREQ=WEEKLY;BYDAY=MO", _ master: [String] = [], _ extra: String...) -> String {
        let lines =
            [
                "UID:weekly-2", "DTSTART;TZID=Europe/Berlin:20260105T100000", "DTEND;TZID=Europe/Berlin:20260105T110000",
                "RRULE:" + rule, "SUMMARY:Team sync", "LOCATION:Room 1",
            ] + master
        let master = (["BEGIN:VEVENT"] + lines + ["END:VEVENT"]).joined(separator: "\n")
        return ICSFixtures.calendar(([ICSFixtures.berlinZone, master] + extra).joined(separator: "\n"))
    }

    /// From 01-19 on: 11:00–12:30 and called Planning.
    static let fromJanuary19 = ICSFixtures.event(
        "UID:weekly-2", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260119T100000",
        "DTSTART;TZID=Europe/Berlin:20260119T110000", "DTEND;TZID=Europe/Berlin:20260119T123000", "SUMMARY:Planning",
        "SEQUENCE:1")

    @Test func thisAndFutureMovesEveryLaterInstance() throws {
        // Given a THISANDFUTURE override on 01-19 and a plain one of 02-02 (moved to Tuesday)
        let calendar = Self.weekly(
            [], Self.fromJanuary19,
            ICSFixtures.event(
                "UID:weekly-2", "RECURRENCE-ID;TZID=Europe/Berlin:20260202T100000",
                "DTSTART;TZID=Europe/Berlin:20260203T090000", "DTEND;TZID=Europe/Berlin:20260203T100000",
                "LOCATION:Room 2", "SEQUENCE:1"))
        // When expanded over January to early April (past the change to summer time)
        let occurrences = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-04-07T00:00:00Z").occurrences
        // Then the instances before 01-19 stay, 01-19 and later move by an hour and last 90 minutes
        let starts = occurrences.map { ISOTime.formatUTC($0.start) }
        #expect(
            starts == [
                "2026-01-05T09:00:00Z", "2026-01-12T09:00:00Z", "2026-01-19T10:00:00Z", "2026-01-26T10:00:00Z",
                "2026-02-03T08:00:00Z", "2026-02-09T10:00:00Z", "2026-02-16T10:00:00Z", "2026-02-23T10:00:00Z",
                "2026-03-02T10:00:00Z", "2026-03-09T10:00:00Z", "2026-03-16T10:00:00Z", "2026-03-23T10:00:00Z",
                // 11:00 summer time.
                "2026-03-30T09:00:00Z", "2026-04-06T09:00:00Z",
            ])
        #expect(occurrences.map { ($0.end - $0.start) / 60_000 } == [60, 60, 90, 90, 60] + Array(repeating: 90, count: 9))
        #expect(occurrences.map(\.summary) == ["Team sync", "Team sync"] + Array(repeating: "Planning", count: 12))
        // The plain override wins for its instance, and takes what it lacks from the change.
        #expect(occurrences.map { $0.location ?? "" } == Array(repeating: "Room 1", count: 4) + ["Room 2"] + Array(repeating: "Room 1", count: 9))
        // Each instance keeps its original start as its recurrence ID: reminder ids stay.
        #expect(ISOTime.formatUTC(try #require(occurrences[3].recurrenceID)) == "2026-01-26T09:00:00Z")
        #expect(ISOTime.formatUTC(try #require(occurrences[12].recurrenceID)) == "2026-03-30T08:00:00Z")
        #expect(occurrences.allSatisfy { $0.uid == "weekly-2" })
    }

    @Test func aLaterThisAndFutureTakesOver() throws {
        // 03-02 on: back to 10:00, now "Team sync again"; its length comes from the change before.
        let calendar = Self.weekly(
            [], Self.fromJanuary19,
            ICSFixtures.event(
                "UID:weekly-2", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260302T100000",
                "DTSTART;TZID=Europe/Berlin:20260302T100000", "SUMMARY:Team sync again", "SEQUENCE:2"))
        let occurrences = try icsExpand(calendar, from: "2026-02-20T00:00:00Z", until: "2026-03-17T00:00:00Z").occurrences
        #expect(
            occurrences.map { ISOTime.formatUTC($0.start) } == [
                "2026-02-23T10:00:00Z", "2026-03-02T09:00:00Z", "2026-03-09T09:00:00Z", "2026-03-16T09:00:00Z",
            ])
        #expect(occurrences.map(\.summary) == ["Planning", "Team sync again", "Team sync again", "Team sync again"])
        #expect(occurrences.map { ($0.end - $0.start) / 60_000 } == [90, 90, 90, 90])
        #expect(occurrences.allSatisfy { $0.location == "Room 1" })
    }

    @Test func thisAndFutureMovesInstancesIntoTheWindow() throws {
        // Only the moved instance (10:00–11:30 UTC) overlaps the window; its original time does not.
        let calendar = Self.weekly([], Self.fromJanuary19)
        let expansion = try icsExpand(calendar, from: "2026-02-16T10:30:00Z", until: "2026-02-16T12:00:00Z")
        #expect(expansion.occurrences.map { ISOTime.formatUTC($0.start) } == ["2026-02-16T10:00:00Z"])
        let before = try icsExpand(calendar, from: "2026-02-16T09:00:00Z", until: "2026-02-16T09:59:00Z")
        #expect(before.occurrences.isEmpty)
    }

    @Test func cancellingThisAndFutureCancelsTheRest() throws {
        let calendar = Self.weekly(
            [],
            ICSFixtures.event(
                "UID:weekly-2", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260119T100000",
                "DTSTART;TZID=Europe/Berlin:20260119T100000", "STATUS:CANCELLED", "SEQUENCE:1"))
        let occurrences = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-02-01T00:00:00Z").occurrences
        #expect(occurrences.map(\.cancelled) == [false, false, true, true])
        #expect(occurrences.map(\.summary) == Array(repeating: "Team sync", count: 4))
    }

    @Test func plainOverrideMovesOnlyItsInstance() throws {
        let calendar = Self.weekly(
            [],
            ICSFixtures.event(
                "UID:weekly-2", "RECURRENCE-ID;TZID=Europe/Berlin:20260119T100000",
                "DTSTART;TZID=Europe/Berlin:20260119T110000", "SUMMARY:Planning", "SEQUENCE:1"))
        let occurrences = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-02-01T00:00:00Z").occurrences
        #expect(
            occurrences.map { ISOTime.formatUTC($0.start) } == [
                "2026-01-05T09:00:00Z", "2026-01-12T09:00:00Z", "2026-01-19T10:00:00Z", "2026-01-26T09:00:00Z",
            ])
        #expect(occurrences.map(\.summary) == ["Team sync", "Team sync", "Planning", "Team sync"])
    }

    // MARK: A newer master wins

    /// The 01-19 instance moved to Tuesday by an override of SEQUENCE `sequence`.
    static func movedJanuary19(sequence: Int, stamp: String = "20260101T000000Z") -> String {
        ICSFixtures.event(
            "UID:weekly-2", "RECURRENCE-ID;TZID=Europe/Berlin:20260119T100000",
            "DTSTART;TZID=Europe/Berlin:20260120T150000", "DTEND;TZID=Europe/Berlin:20260120T160000",
            "SUMMARY:Moved", "SEQUENCE:\(sequence)", "DTSTAMP:\(stamp)")
    }

    @Test func newerMasterExcludingTheInstanceDropsItsOverride() throws {
        let calendar = Self.weekly(
            ["EXDATE;TZID=Europe/Berlin:20260119T100000", "SEQUENCE:3"], Self.movedJanuary19(sequence: 1))
        let occurrences = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-02-01T00:00:00Z").occurrences
        #expect(
            occurrences.map { ISOTime.formatUTC($0.start) } == [
                "2026-01-05T09:00:00Z", "2026-01-12T09:00:00Z", "2026-01-26T09:00:00Z",
            ])
    }

    @Test func newerMasterEndingBeforeTheInstanceDropsItsOverride() throws {
        // The series now ends on 01-12 (UNTIL): the override of 01-19 belongs to what was cut.
        let calendar = Self.weekly(
            rule: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20260112T090000Z", ["SEQUENCE:2"], Self.movedJanuary19(sequence: 1))
        let occurrences = try icsExpand(calendar, from: "2026-01-01T00:00:00Z", until: "2026-02-01T00:00:00Z").occurrences
        #expect(occurrences.map { ISOTime.formatUTC($0.start) } == ["2026-01-05T09:00:00Z", "2026-01-12T09:00:00Z"])
    }

    @Test func newerMasterByStampDropsItsOverride() throws {
        // The same SEQUENCE: the later DTSTAMP decides.
        let calendar = Self.weekly(
            ["EXDATE;TZID=Europe/Berlin:20260119T100000", "DTSTAMP:20260110T000000Z"],
            Self.movedJanuary19(sequence: 0, stamp: "20260102T000000Z"))
        let occurrences = try icsExpand(calendar, from: "2026-01-15T00:00:00Z", until: "2026-01-25T00:00:00Z").occurrences
        #expect(occurrences.isEmpty)
    }

    @Test(arguments: [
        // A newer override: the master's EXDATE or UNTIL is older news.
        ("FREQ=WEEKLY;BYDAY=MO", ["EXDATE;TZID=Europe/Berlin:20260119T100000", "SEQUENCE:1"], 2),
        ("FREQ=WEEKLY;BYDAY=MO;UNTIL=20260112T090000Z", ["SEQUENCE:1"], 2),
        // The same SEQUENCE and DTSTAMP: nothing says the master is newer.
        ("FREQ=WEEKLY;BYDAY=MO", ["EXDATE;TZID=Europe/Berlin:20260119T100000", "DTSTAMP:20260101T000000Z"], 0),
        // A newer master that still has the instance (UNTIL on its day counts).
        ("FREQ=WEEKLY;BYDAY=MO;UNTIL=20260119T090000Z", ["SEQUENCE:5"], 1),
    ])
    func overrideStillApplies(rule: String, master: [String], sequence: Int) throws {
        let calendar = Self.weekly(rule: rule, master, Self.movedJanuary19(sequence: sequence))
        let occurrences = try icsExpand(calendar, from: "2026-01-15T00:00:00Z", until: "2026-01-25T00:00:00Z").occurrences
        #expect(occurrences.map { ISOTime.formatUTC($0.start) } == ["2026-01-20T14:00:00Z"])
        #expect(occurrences.map(\.summary) == ["Moved"])
    }
}
