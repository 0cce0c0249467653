import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsFetch
@testable import TidingsStore

/// `prefetch --due`: which sources a run fetches, and what it records of a change.
@Suite struct RefreshTests {
    static let start = TestClock.at("2026-11-22T06:15:40Z")
    static let minute: Int64 = 60_000
    static let ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example//EN\r
        BEGIN:VEVENT\r
        UID:standup@example.org\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261123T090000Z\r
        DTEND:20261123T091500Z\r
        SUMMARY:Standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func calendar(url: String = "https://example.org/work.ics", every: Int64? = nil) -> TidingsConfig.Source {
        var source = TidingsConfig.Source(name: "work", type: .calendar, url: url)
        if let every { source.every = every }
        return source
    }

    static func state(url: String = "https://example.org/work.ics", success: EpochMillis?, attempt: EpochMillis?) -> SourceState {
        SourceState(
            name: "work", url: url, etag: nil, lastModified: nil, firstSeenAt: start, lastAttemptAt: attempt,
            lastSuccessAt: success, lastOutcome: attempt == success ? .ok : .timeout, changeSeq: nil)
    }

    @Test("Defaults: calendars (ICS and CalDAV) every 15 minutes, content and schedules every 6 hours")
    func defaults() {
        let every = TidingsConfig.SourceType.allCases.map { TidingsConfig.Source(name: "a", type: $0, url: "https://x.org").every }
        let hours: [Int64] = [6 * 3_600_000, 15 * 60_000, 6 * 3_600_000, 15 * 60_000]
        #expect(TidingsConfig.SourceType.allCases == [.content, .calendar, .schedule, .caldav])
        #expect(every == hours)
    }

    @Test("Never fetched, or fetched from another URL: due")
    func neverFetched() {
        #expect(Refresh.nextDue(Self.calendar(), state: nil, now: Self.start) == nil)
        let moved = Self.state(url: "https://example.org/old.ics", success: Self.start, attempt: Self.start)
        #expect(Refresh.nextDue(Self.calendar(), state: moved, now: Self.start + Self.minute) == nil)
    }

    @Test("A calendar fetched at 06:15:40 is due at the 06:30 run (a fifth of the interval is slack), not at 06:27")
    func timerJitter() {
        let state = Self.state(success: Self.start, attempt: Self.start)
        let due = Refresh.nextDue(Self.calendar(), state: state, now: TestClock.at("2026-11-22T06:27:00Z"))
        #expect(due == Self.start + 12 * Self.minute)
        #expect(Refresh.nextDue(Self.calendar(), state: state, now: TestClock.at("2026-11-22T06:30:00Z")) == nil)
    }

    @Test("Six hours allow five minutes of slack, not a fifth")
    func slackCap() {
        let state = Self.state(success: Self.start, attempt: Self.start)
        let source = Self.calendar(every: 6 * 60 * Self.minute)
        #expect(Refresh.nextDue(source, state: state, now: Self.start + 354 * Self.minute) == Self.start + 355 * Self.minute)
        #expect(Refresh.nextDue(source, state: state, now: Self.start + 355 * Self.minute) == nil)
    }

    @Test("A failed source is tried again after 15 minutes, however long its interval")
    func failedRetries() {
        let success = Self.start - 60 * Self.minute
        let state = Self.state(success: success, attempt: Self.start)
        let source = Self.calendar(every: 6 * 60 * Self.minute)
        #expect(Refresh.nextDue(source, state: state, now: Self.start + 10 * Self.minute) == Self.start + 12 * Self.minute)
        #expect(Refresh.nextDue(source, state: state, now: Self.start + 15 * Self.minute) == nil)
    }

    @Test("A source that never succeeded waits 15 minutes after its failed attempt too")
    func neverSucceeded() {
        let state = Self.state(success: nil, attempt: Self.start)
        #expect(Refresh.nextDue(Self.calendar(), state: state, now: Self.start + 5 * Self.minute) == Self.start + 12 * Self.minute)
        #expect(Refresh.nextDue(Self.calendar(), state: state, now: Self.start + 15 * Self.minute) == nil)
    }

    @Test("A clock set back before the last fetch makes the source due")
    func clockBack() {
        let state = Self.state(success: Self.start, attempt: Self.start)
        #expect(Refresh.nextDue(Self.calendar(), state: state, now: Self.start - 60 * Self.minute) == nil)
    }

    @Test("prefetch --due fetches what is due and leaves the rest, which is not an attempt")
    func dueRun() throws {
        let f = try FetchFixture { request in
            switch request.path {
            case "/work.ics": return .text(Self.ics)
            default: return json(feed([("n1", "News")]))
            }
        }
        var config = TidingsConfig()
        config.sources = [f.source("/news", name: "news"), TidingsConfig.Source(name: "work", type: .calendar, url: f.url("/work.ics"))]
        let prefetcher = Prefetcher(database: f.db, config: config)
        let first = try prefetcher.run(now: Self.start, onlyDue: true)
        #expect(first.attempts.map(\.source) == ["news", "work"])
        #expect(first.notDue.isEmpty)

        let quiet = try prefetcher.run(now: Self.start + 5 * Self.minute, onlyDue: true)
        #expect(quiet.attempts.isEmpty)
        #expect(quiet.notDue.map(\.source) == ["news", "work"])
        #expect(quiet.summary == "0 sources; 2 not due")
        #expect(quiet.stageOutcome == .ok)

        let later = try prefetcher.run(now: Self.start + 15 * Self.minute, onlyDue: true)
        #expect(later.attempts.map(\.source) == ["work"])
        #expect(later.notDue.map(\.source) == ["news"])
        #expect(f.server.requests.map(\.path) == ["/news", "/work.ics", "/work.ics"])

        // Without --due every source is fetched.
        let all = try prefetcher.run(now: Self.start + 16 * Self.minute)
        #expect(all.attempts.map(\.source) == ["news", "work"])
        // The run with nothing due recorded no run.
        #expect(
            try f.db.recentStageRuns(limit: 10, stage: .prefetch).map(\.summary) == [
                "2 sources: 2 ok", "1 source: 1 ok; 1 not due", "2 sources: 2 ok",
            ])
    }

    @Test("A change is numbered only when the cache takes different content")
    func changeNumbers() throws {
        let body = Flag()
        let f = try FetchFixture { _ in json(feed([("n1", body.isOn ? "Changed" : "News")])) }
        var config = TidingsConfig()
        config.sources = [f.source("/news", name: "news")]
        let prefetcher = Prefetcher(database: f.db, config: config)
        #expect(try f.db.latestChange() == 0)
        _ = try prefetcher.run(now: Self.start)
        #expect(try f.db.latestChange() == 1)
        #expect(try f.db.sourcesChanged(after: 0) == ["news"])

        _ = try prefetcher.run(now: Self.start + 60 * Self.minute)
        #expect(try f.db.latestChange() == 1)
        #expect(try f.db.sourcesChanged(after: 1).isEmpty)

        body.set(true)
        _ = try prefetcher.run(now: Self.start + 120 * Self.minute)
        #expect(try f.db.latestChange() == 2)
        #expect(try f.db.sourcesChanged(after: 1) == ["news"])
    }
}
