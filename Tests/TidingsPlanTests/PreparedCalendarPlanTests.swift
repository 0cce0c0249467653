import Foundation
import Testing
import TidingsCalendar
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `plan` keeps each calendar parsed in the cache folder: the same plan as from the ICS,
/// and a damaged or stale file is rebuilt, never believed.
@Suite struct PreparedCalendarPlanTests {
    static let text = MeetingFixture.calendar([
        MeetingFixture.meeting("review@example.org"),
        MeetingFixture.meeting("standup@example.org", start: "093000", end: "094500", summary: "Standup", "RRULE:FREQ=DAILY;COUNT=20"),
    ])

    /// A database with the calendar stored, a folder for prepared forms, and a planner over both.
    final class Fixture {
        let directory: TemporaryDirectory
        let db: TidingsDatabase
        let folder: PreparedCalendarFolder

        init(text: String = PreparedCalendarPlanTests.text) throws {
            directory = try TemporaryDirectory()
            db = try directory.database()
            folder = PreparedCalendarFolder(folder: directory.path + "/cache/calendars")
            try MeetingFixture.store(text, in: db, at: MeetingFixture.now)
        }

        func plan(prepared: Bool = true) throws -> [NotificationRecord] {
            var planner = Planner(database: db, config: MeetingFixture.config())
            if prepared { planner.preparedCalendars = folder }
            return try planner.run(now: MeetingFixture.now, zone: MeetingFixture.berlin, horizon: 3 * PlanFixture.day, dryRun: true).schedule
        }

        var file: [UInt8]? { folder.load("work") }
    }

    @Test func thePlanIsTheSameFromTheKeptForm() throws {
        let fixture = try Fixture()
        let fromText = try fixture.plan(prepared: false)
        #expect(fixture.file == nil)
        let first = try fixture.plan()
        let kept = try #require(fixture.file)
        let second = try fixture.plan()
        #expect(first == fromText)
        #expect(second == fromText)
        #expect(fromText.count == 4, "the review and three standups (Monday to Wednesday) at 15 minutes")
        #expect(fixture.file == kept)
    }

    @Test func aDamagedFileIsRebuilt() throws {
        let fixture = try Fixture()
        let expected = try fixture.plan()
        let good = try #require(fixture.file)
        var damaged = good
        damaged[damaged.count - 3] ^= 0xFF
        #expect(fixture.folder.store(damaged, for: "work"))
        #expect(try fixture.plan() == expected)
        #expect(fixture.file == good)
        // A file of another calendar's text under this source's name is stale: rebuilt too.
        let other = try Fixture(text: MeetingFixture.calendar([MeetingFixture.meeting("other@example.org", summary: "Other")]))
        _ = try other.plan()
        #expect(fixture.folder.store(try #require(other.file), for: "work"))
        #expect(try fixture.plan() == expected)
        #expect(fixture.file == good)
    }
}
