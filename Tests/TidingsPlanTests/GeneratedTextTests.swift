import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Every planned text goes through the content generator, in the user's locale, and the
/// generator is recorded with the notification.
@Suite struct GeneratedTextTests {
    typealias F = MeetingFixture
    static let german = Wording.templates(environment: ["LANG": "de_DE.UTF-8"])

    static let weekEvents = SampleCalendar.workWeeks
    static let weekCalendar = F.calendar(weekEvents)

    static func weekly(_ wording: Wording, calendar: String = weekCalendar) throws -> NotificationRecord {
        var config = F.config()
        config.weekly.enabled = true
        let now = TestClock.at("2026-11-22T12:00", in: F.berlin)
        let items = WeeklyRule(config: config, wording: wording)
            .notifications(now: now, horizon: 12 * PlanFixture.hour, zone: F.berlin, calendars: try F.expanded(calendar, now: now))
        return try #require(items.first)
    }

    @Test("The weekly summary of a real calendar, in English and in German")
    func weeklyFromCalendar() throws {
        let english = try Self.weekly(.english)
        #expect(english.title == "Your week: 6 meetings, 7 h")
        #expect(
            english.body
                == "Busiest day: Wednesday (3 h). Longest: Design review (2 h). 1 more than the week before. Coming week: 6 meetings, 9.5 h, Tuesday busiest."
        )
        let german = try Self.weekly(Self.german)
        #expect(german.title == "Deine Woche: 6 Termine, 7 Std.")
        #expect(
            german.body
                == "Vollster Tag: Mittwoch (3 Std.). Längster Termin: Design review (2 Std.). 1 mehr als in der Vorwoche. Nächste Woche: 6 Termine, 9,5 Std., Dienstag am vollsten."
        )
        #expect(german.generator == .template && english.generator == .template)
    }

    @Test("A crowded week with long titles stays within the title and body limits")
    func weeklyLimits() throws {
        let title = String(repeating: "Extraordinarily long quarterly business review ", count: 8)
        let events = (9...21).map { day in
            """
            UID:long-\(day)@example.org
            DTSTAMP:20261101T000000Z
            SUMMARY:\(title)
            DTSTART;TZID=Europe/Berlin:202611\(day < 10 ? "0\(day)" : "\(day)")T080000
            DTEND;TZID=Europe/Berlin:202611\(day < 10 ? "0\(day)" : "\(day)")T193000
            """
        }
        for wording in [Wording.english, Self.german] {
            let item = try Self.weekly(wording, calendar: F.calendar(events))
            #expect(item.title.count <= ContentPayload.maxTitleLength && item.body.count <= ContentPayload.maxBodyLength)
            #expect(item.body.contains("…"), "the title of the longest meeting is cut")
        }
    }

    @Test("A meeting reminder in German: times, the wait and the service")
    func germanReminder() throws {
        let items = MeetingRule(config: F.config(), wording: Self.german)
            .notifications(
                now: F.now, horizon: 2 * PlanFixture.day, zone: F.berlin, calendars: try F.expanded(F.calendar([F.meeting("a@example.org")])))
        let reminder = try #require(items.first)
        #expect(reminder.title == "Client review")
        #expect(reminder.countdownFilled(at: reminder.dueAt).body == "Beginnt um 09:00 (in 10 Min.), bis 10:00 · Über Zoom teilnehmen")
        #expect(reminder.generator == .template)
    }

    @Test("A reminder planned the evening before says tomorrow, with the wait in hours")
    func reminderTheDayBefore() throws {
        let config = F.config { $0.leadTimes = [14 * PlanFixture.hour] }
        let items = MeetingRule(config: config).notifications(
            now: F.now - 2 * PlanFixture.hour, horizon: 2 * PlanFixture.day, zone: F.berlin,
            calendars: try F.expanded(F.calendar([F.meeting("a@example.org")])))
        #expect(items.first?.body == "Starts tomorrow at 09:00 (in 14 h), until 10:00 · Join on Zoom")
    }

    @Test("Every planned kind records the template generator; a daily update in German")
    func plannerRecordsGenerator() throws {
        let f = try PlanFixture()
        f.config.sources.append(TidingsConfig.Source(name: "work", type: .calendar, url: "https://example.org/work.ics"))
        f.config.insights.minTaps = 0
        try F.store(F.calendar(Self.weekEvents + [F.meeting("a@example.org")]), in: f.db, at: F.now)
        let now = TestClock.at("2026-11-22T06:00", in: F.berlin)
        try Planner(database: f.db, config: f.config, wording: Self.german).run(now: now, zone: F.berlin, horizon: 2 * PlanFixture.day, dryRun: false)
        let rows = try f.db.openNotifications()
        #expect(Set(rows.map(\.kind)) == [.daily, .weekly, .meeting, .insight])
        #expect(rows.allSatisfy { $0.generator == .template })
        let daily = try #require(rows.first { $0.kind == .daily })
        #expect(daily.title == "Dein tägliches Update" && Templates.emergencyLines(.de).contains(daily.body))
    }

    /// A generator that always fails, as an LLM's would when its endpoint is down.
    struct Unreachable: ContentGenerator {
        func write(_ request: GenerationRequest) -> GeneratedText {
            GeneratedText(request.draft, by: .llmFallback, reason: "connection refused")
        }
    }

    /// A generator that ignores the limits.
    struct Verbose: ContentGenerator {
        func write(_ request: GenerationRequest) -> GeneratedText {
            var text = GeneratedText(request.draft, by: .llm)
            text.title = String(repeating: "T", count: 200)
            text.body = String(repeating: "B", count: 600)
            return text
        }
    }

    @Test("Another generator's fallback is recorded with its reason; its text is held to the limits")
    func otherGenerators() throws {
        let f = try PlanFixture()
        let now = TestClock.at("2026-11-22T06:00", in: F.berlin)
        try Planner(database: f.db, config: f.config, wording: Wording(generator: Unreachable(), locale: .english))
            .run(now: now, zone: F.berlin, horizon: PlanFixture.day, dryRun: false)
        let fallback = try #require(try f.pending().first)
        #expect(
            fallback.generator == .llmFallback && fallback.generatorReason == "connection refused" && fallback.title == FallbackChain.emergencyTitle)
        try Planner(database: f.db, config: f.config, wording: Wording(generator: Verbose(), locale: .english))
            .run(now: now, zone: F.berlin, horizon: PlanFixture.day, dryRun: false)
        let verbose = try #require(try f.pending().first)
        #expect(verbose.generator == .llm && verbose.generatorReason == nil)
        #expect(verbose.title.count == ContentPayload.maxTitleLength && verbose.body.count == ContentPayload.maxBodyLength)
    }
}
