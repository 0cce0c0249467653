import Foundation
import Testing
import TidingsTestSupport

/// `tidings agenda` through the built programs: the day's meetings from the calendar prefetch kept.
@Suite struct AgendaEndToEndTests {
    static let calendar = CalendarEndToEndTests.calendar([
        CalendarEndToEndTests.standup, CalendarEndToEndTests.noLink, CalendarEndToEndTests.cancelled, CalendarEndToEndTests.allDay,
    ])

    @Test("today's meetings in text, JSON, waybar and polybar; tomorrow; a bad day")
    func agenda() async throws {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config)
        try pipeline.folder.write(Self.calendar, to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")

        let text = try await pipeline.succeed("tidings", "agenda", "--now", "2026-11-23T09:30")
        #expect(
            text == """
                2026-11-23
                  all day      Offsite — Google Meet <https://meet.google.com/xyz-abcd-efg>
                * 09:00–10:00  Client review — Zoom <https://acme.zoom.us/j/81234567890?pwd=abcDEF123>
                  12:00–13:00  Lunch — Canteen

                """, "\(text)")

        let json = try JSONObject.lines(try await pipeline.succeed("tidings", "agenda", "--format", "json", "--now", "2026-11-23T10:30"))
        #expect(json.compactMap { $0.string("title") } == ["Offsite", "Lunch"])
        #expect(json.last?.string("start") == "2026-11-23T12:00:00+01:00")
        #expect(json.last?.string("location") == "Canteen")

        let waybar = try await pipeline.succeed("tidings", "agenda", "--format", "waybar", "--now", "2026-11-23T09:30")
        let module = try #require(try JSONObject.lines(waybar).first)
        #expect(module.string("text") == "Client review 09:00")
        #expect(module.string("class") == "ongoing")
        #expect(try await pipeline.succeed("tidings", "agenda", "--format", "polybar", "--now", "2026-11-23T08:00") == "09:00 Client review (+1)\n")

        let tomorrow = try await pipeline.succeed("tidings", "agenda", "--day", "tomorrow", "--now", "2026-11-23T09:30")
        #expect(tomorrow == "2026-11-24: no meetings\n")
        let bad = try await pipeline.run("tidings", "agenda", "--day", "someday")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--day: expected today, tomorrow or a date as YYYY-MM-DD, found \"someday\""), "\(bad.stderr)")
    }
}
