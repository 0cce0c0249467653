import Testing
import TidingsCalendar
import TidingsCore
import TidingsTestSupport

/// A vdir folder's files, one event each, joined into one calendar.
@Suite struct ICSFolderMergeTests {
    static func file(_ name: String, _ text: String) -> ICSFolderMerge.File {
        ICSFolderMerge.File(name: name, bytes: Array(text.utf8))
    }

    @Test("every file's components are kept in order, a VTIMEZONE once, broken files named")
    func joinsTheFiles() throws {
        let series = ICSFixtures.calendar(
            ICSFixtures.berlinZone,
            ICSFixtures.event(
                "UID:standup", "DTSTART;TZID=Europe/Berlin:20260302T090000", "DURATION:PT15M", "RRULE:FREQ=DAILY;COUNT=3",
                "SUMMARY:Standup"))
        let moved = ICSFixtures.calendar(
            ICSFixtures.berlinZone,
            ICSFixtures.event(
                "UID:standup", "RECURRENCE-ID;TZID=Europe/Berlin:20260303T090000", "DTSTART;TZID=Europe/Berlin:20260303T100000",
                "DURATION:PT15M", "SUMMARY:Standup (moved)"))
        // Folded lines, LF line ends, a METHOD and an X- property of the file's own calendar.
        let review =
            "BEGIN:VCALENDAR\nMETHOD:PUBLISH\nX-WR-CALNAME:Work\n  continued\nBEGIN:VEVENT\nUID:review\nDTSTART:20260304T140000Z\n"
            + "SUMMARY:Quarterly\n  review\nDURATION:PT1H\nEND:VEVENT\nEND:VCALENDAR"
        let merged = ICSFolderMerge.merge([
            Self.file("a.ics", series), Self.file("b.ics", moved), Self.file("c.ics", review),
            Self.file("d.ics", "just a note\n"), Self.file("e.ics", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:cut\n"),
        ])
        #expect(merged.skipped == ["file d.ics: not a calendar, skipped", "file e.ics: truncated (begin:vcalendar is never closed), skipped"])
        let text = String(decoding: merged.bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(!text.contains("METHOD") && !text.contains("X-WR-CALNAME") && !text.contains("continued"))
        let expansion = try icsExpand(text, from: "2026-03-01T00:00:00Z", until: "2026-04-01T00:00:00Z")
        #expect(expansion.warnings == [])
        #expect(
            expansion.occurrences.map { "\($0.summary) \($0.start)" } == [
                "Standup \(icsUTC("2026-03-02T08:00:00Z"))", "Standup (moved) \(icsUTC("2026-03-03T09:00:00Z"))",
                "Standup \(icsUTC("2026-03-04T08:00:00Z"))", "Quarterly review \(icsUTC("2026-03-04T14:00:00Z"))",
            ])
    }

    @Test("an empty folder is a calendar without events")
    func emptyFolder() throws {
        #expect(try ICalendar.validate(ICSFolderMerge.merge([]).bytes) == 0)
    }
}
