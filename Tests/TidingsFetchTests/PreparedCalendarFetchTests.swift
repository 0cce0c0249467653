import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// A calendar fetched is handed over prepared, in the folder plan reads (that plan then does
/// not parse it: PreparedCalendarTests and PreparedCalendarPlanTests).
@Suite struct PreparedCalendarFetchTests {
    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings tests//EN",
        "BEGIN:VEVENT", "UID:review@example.org", "DTSTAMP:20261101T000000Z", "SUMMARY:Review",
        "DTSTART;TZID=Europe/Berlin:20261123T090000", "DTEND;TZID=Europe/Berlin:20261123T100000", "RRULE:FREQ=WEEKLY;COUNT=4",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test func aFetchedCalendarIsKeptPrepared() throws {
        let fixture = try FetchFixture { _ in
            TestHTTPResponse(status: 200, headers: [("Content-Type", "text/calendar")], body: Array(Self.calendar.utf8))
        }
        let folder = PreparedCalendarFolder(folder: fixture.directory.path + "/cache/calendars")
        var source = fixture.source("/work.ics", name: "work")
        source.type = .calendar
        let result = SourceFetcher(client: try HTTPClient(), prepared: folder)
            .fetch(source, state: nil, now: FetchFixture.now, budget: 60_000)
        guard case .replaceCalendar(_, let events, _, _, _) = result.update else {
            Issue.record("not stored: \(result.attempt)")
            return
        }
        #expect(events == 1)
        let kept = try #require(folder.load("work"))
        #expect(kept.starts(with: Array("TIDINGS-PREPARED-ICS".utf8)))
        #expect(kept.count > Self.calendar.utf8.count / 2)
        // Without a folder, nothing is kept.
        let other = PreparedCalendarFolder(folder: fixture.directory.path + "/other")
        _ = SourceFetcher(client: try HTTPClient()).fetch(source, state: nil, now: FetchFixture.now, budget: 60_000)
        #expect(other.load("work") == nil)
    }
}
