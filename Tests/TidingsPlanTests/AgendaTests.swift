import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

@testable import TidingsPlan
@testable import TidingsStore

/// A day's agenda from the calendars kept in the database.
@Suite struct AgendaTests {
    static let zone = Zone.named("Europe/Berlin")

    static func calendar(_ source: String, _ events: [String]) -> CachedCalendar {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + events.map { "BEGIN:VEVENT\n\($0)\nEND:VEVENT" } + ["END:VCALENDAR", ""])
            .joined(separator: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        return CachedCalendar(source: source, text: text, fetchTime: 0, eventCount: events.count)
    }

    static let config: TidingsConfig = {
        var config = TidingsConfig()
        config.sources = [
            TidingsConfig.Source(name: "work", type: .calendar, url: "file:///work.ics"),
            TidingsConfig.Source(name: "team", type: .calendar, url: "file:///team.ics"),
        ]
        config.meetings.me = ["me@example.org"]
        return config
    }()

    static let work = calendar(
        "work",
        [
            "UID:early\nSUMMARY:Early call\nDTSTART;TZID=Europe/Berlin:20261123T080000\nDURATION:PT30M\nLOCATION:https://zoom.us/j/81234567890",
            "UID:standup\nSUMMARY:Standup\nDTSTART;TZID=Europe/Berlin:20261123T093000\nDURATION:PT15M\nRRULE:FREQ=DAILY;COUNT=5\nDESCRIPTION:https://meet.google.com/abc-defg-hij",
            "UID:lunch\nSUMMARY:Lunch\nDTSTART;TZID=Europe/Berlin:20261123T120000\nDURATION:PT1H\nLOCATION:Canteen",
            "UID:gone\nSUMMARY:Cancelled\nSTATUS:CANCELLED\nDTSTART;TZID=Europe/Berlin:20261123T130000\nDURATION:PT1H",
            "UID:no\nSUMMARY:Declined\nDTSTART;TZID=Europe/Berlin:20261123T140000\nDURATION:PT1H\nATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org",
            "UID:offsite\nSUMMARY:Offsite\nDTSTART;VALUE=DATE:20261123\nDTEND;VALUE=DATE:20261124",
        ])
    // The same standup in a second calendar, and an event of a calendar no longer configured.
    static let team = calendar(
        "team", ["UID:standup\nSUMMARY:Standup\nDTSTART;TZID=Europe/Berlin:20261123T093000\nDURATION:PT15M\nRRULE:FREQ=DAILY;COUNT=5"])
    static let old = calendar("old", ["UID:old\nSUMMARY:Old\nDTSTART;TZID=Europe/Berlin:20261123T100000\nDURATION:PT1H"])

    @Test("today: what is not over, the one in progress marked, all-day first; cancelled, declined and repeats left out")
    func today() throws {
        let now = TestClock.at("2026-11-23T09:40", in: Self.zone)
        let day = Self.zone.date(of: now)
        let agenda = Agenda.day(day, now: now, zone: Self.zone, config: Self.config, calendars: [Self.old, Self.team, Self.work])
        #expect(agenda.problems == [])
        #expect(agenda.entries.map(\.title) == ["Offsite", "Standup", "Lunch"])
        #expect(agenda.entries.map(\.inProgress) == [false, true, false])
        #expect(agenda.entries[1].url == "https://meet.google.com/abc-defg-hij" && agenda.entries[1].service == "Google Meet")
        #expect(agenda.entries[2].url == nil && agenda.entries[2].location == "Canteen")
    }

    @Test("another day is shown whole")
    func tomorrow() throws {
        let now = TestClock.at("2026-11-23T23:00", in: Self.zone)
        let agenda = Agenda.day(
            Self.zone.date(of: now).adding(days: 1), now: now, zone: Self.zone, config: Self.config, calendars: [Self.work])
        #expect(agenda.entries.map(\.title) == ["Standup"])
        #expect(agenda.entries.first?.start == TestClock.at("2026-11-24T09:30", in: Self.zone))
    }
}
