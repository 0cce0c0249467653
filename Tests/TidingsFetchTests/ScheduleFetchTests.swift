import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Fetching a remote schedule from a real HTTP server: a valid one is kept with the time its
/// version was first seen; an invalid one is refused naming the field and keeps the last good.
@Suite struct ScheduleFetchTests {
    static func schedule(version: String, time: String = "07:00") -> String {
        #"{"config": {"version": "\#(version)", "fixedTime": "\#(time)"}, "notificationContent": {"title": "Hello"}, "schedules": [{"id": 1, "dayOffset": 0}]}"#
    }

    @Test("the same version keeps its first sight, a new one starts again, an invalid one keeps the last good")
    func versions() throws {
        let body = Mutex(Self.schedule(version: "1.0"))
        let f = try FetchFixture { _ in json(body.withLock { $0 }) }
        let source = TidingsConfig.Source(name: "welcome", type: .schedule, url: f.url("/schedule.json"))
        func fetch(at time: EpochMillis) throws -> FetchResult {
            let result = try f.fetch(source, now: time)
            try f.db.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
            return result
        }
        let first = try fetch(at: FetchFixture.now)
        #expect(first.attempt.outcome == .ok)
        #expect(first.update.kind == "replaceSchedule")
        let day: Int64 = 86_400_000
        try fetch(at: FetchFixture.now + day)
        var cached = try #require(try f.db.cachedSchedules().first)
        #expect(cached.version == "1.0")
        #expect(cached.versionSeenAt == FetchFixture.now)
        #expect(cached.fetchTime == FetchFixture.now + day)

        body.withLock { $0 = Self.schedule(version: "1.0", time: "25:00") }
        let invalid = try fetch(at: FetchFixture.now + 2 * day)
        #expect(invalid.attempt.outcome == .invalid)
        #expect(invalid.attempt.reason == #"invalid schedule: config.fixedTime: "25:00" is not a time (HH:MM, 24-hour)"#)
        #expect(try f.db.cachedSchedules() == [cached])

        body.withLock { $0 = Self.schedule(version: "2.0") }
        try fetch(at: FetchFixture.now + 3 * day)
        cached = try #require(try f.db.cachedSchedules().first)
        #expect(cached.version == "2.0")
        #expect(cached.versionSeenAt == FetchFixture.now + 3 * day)
        #expect(cached.text == Self.schedule(version: "2.0"))
        #expect(try f.db.sourceState(named: "welcome")?.lastSuccessAt == FetchFixture.now + 3 * day)
    }
}
