import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// The text of each day's item: fresh content, else last-known-good marked with its age at
/// the due time, else an emergency line. All in Europe/Berlin, where 07:30 is 06:30Z in November.
@Suite struct FallbackChainTests {
    static let now = utc("2026-11-22T05:00:00Z")
    static let due22 = utc("2026-11-22T06:30:00Z")

    @Test("content fetched now is fresh today; tomorrow the same content is a day old")
    func freshContent() throws {
        let f = try PlanFixture()
        try f.store([content("n1", scheduled: "2026-11-22T06:30:00Z", fetched: Self.now, deepLink: "https://example.org/n1")], at: Self.now)
        let items = try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(items.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23"])
        let today = try #require(items.first)
        #expect(today.title == "Morning news")
        #expect(today.body == "Today's headline.")
        #expect(today.staleness == .fresh)
        #expect(today.contentFetchTime == Self.now)
        #expect(today.deepLink == "https://example.org/n1")
        // Due 06:30Z on the 23rd, 25.5 hours after the fetch.
        let tomorrow = try #require(items.last)
        #expect(tomorrow.staleness == .stale)
        #expect(tomorrow.title == "Morning news")
        #expect(tomorrow.body == "Today's headline. (from 1 day ago)")
    }

    @Test(
        "content older than stale_after at the due time is marked with its age",
        arguments: [
            // (fetched, staleness, body)
            ("2026-11-21T18:30:00Z", Staleness.fresh, "News."),  // exactly 12h before due: still fresh
            ("2026-11-21T18:29:59Z", .stale, "News. (as of 12h ago)"),
            ("2026-11-21T15:30:00Z", .stale, "News. (as of 15h ago)"),
            ("2026-11-21T06:31:00Z", .stale, "News. (as of 23h ago)"),
            ("2026-11-20T06:30:00Z", .stale, "News. (from 2 days ago)"),
        ])
    func staleContent(fetched: String, staleness: Staleness, body: String) throws {
        let f = try PlanFixture()
        try f.store([content("n1", body: "News.", scheduled: "2026-11-20T06:00:00Z", fetched: utc(fetched))], at: utc(fetched))
        // A 12-hour horizon holds only today's item.
        let items = try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.dueAt == Self.due22)
        #expect(item.staleness == staleness)
        #expect(item.body == body)
        #expect(item.title == "Morning news")
        #expect(item.contentFetchTime == utc(fetched))
    }

    @Test("stale content without a body shows the age label alone, capitalised")
    func staleEmptyBody() throws {
        let f = try PlanFixture()
        let fetched = utc("2026-11-21T15:30:00Z")
        try f.store([content("n1", body: "", scheduled: "2026-11-21T15:00:00Z", fetched: fetched)], at: fetched)
        let item = try #require(try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 12 * PlanFixture.hour).first)
        #expect(item.body == "As of 15h ago")
    }

    @Test(
        "content scheduled at or after the end of the local day is not used for that day",
        arguments: [
            // Berlin's 2026-11-22 ends at 23:00Z.
            ("2026-11-22T23:30:00Z", false),
            ("2026-11-22T23:00:00Z", false),
            ("2026-11-22T22:59:59Z", true),
            ("2026-11-22T06:30:00Z", true),
        ])
    func endOfDay(scheduled: String, usedToday: Bool) throws {
        let f = try PlanFixture()
        try f.store([content("late", title: "Late news", scheduled: scheduled, fetched: Self.now)], at: Self.now)
        let items = try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(items.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23"])
        #expect(items[0].title == (usedToday ? "Late news" : FallbackChain.emergencyTitle))
        #expect(items[0].staleness == (usedToday ? .fresh : .emergency))
        // The next day it counts either way.
        #expect(items[1].title == "Late news")
    }

    @Test("the end of the day is the planning zone's: 23:30Z is still the 22nd in UTC")
    func endOfDayInUTC() throws {
        let f = try PlanFixture()
        try f.store([content("late", title: "Late news", scheduled: "2026-11-22T23:30:00Z", fetched: Self.now)], at: Self.now)
        let item = try #require(try f.planned(now: Self.now, zone: .utc, horizon: 12 * PlanFixture.hour).first)
        #expect(item.id == "daily:2026-11-22")
        #expect(item.dueAt == utc("2026-11-22T07:30:00Z"))
        #expect(item.title == "Late news")
    }

    @Test("of the usable items the latest scheduled wins, then the latest fetched")
    func choosesLatest() throws {
        let f = try PlanFixture()
        try f.store(
            [
                content("old", title: "Yesterday", scheduled: "2026-11-21T06:00:00Z", fetched: Self.now),
                content("new", title: "Today", scheduled: "2026-11-22T06:00:00Z", fetched: Self.now - PlanFixture.hour),
                content("next", title: "Tomorrow", scheduled: "2026-11-23T06:00:00Z", fetched: Self.now),
            ], at: Self.now)
        try f.store([content("b", title: "Today, refetched", scheduled: "2026-11-22T06:00:00Z", fetched: Self.now)], at: Self.now, source: "other")
        let items = try f.planned(now: Self.now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(items.map(\.title) == ["Today, refetched", "Tomorrow"])
    }
}
