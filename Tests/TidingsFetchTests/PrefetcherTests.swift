import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// Whole `prefetch` runs: every source attempted, last-known-good kept, one stage run each.
@Suite struct PrefetcherTests {
    static let first = TestClock.at("2026-11-22T05:00:00Z")
    static let second = TestClock.at("2026-11-22T06:00:00Z")

    /// `/good` serves one item with an ETag (304 when it is sent back); `/bad` serves one item
    /// until `failing` is set, then 500.
    static func server(failing: Flag) throws -> FetchFixture {
        try FetchFixture { request in
            switch request.path {
            case "/good":
                return request.header("If-None-Match") == "\"g1\""
                    ? TestHTTPResponse(status: 304)
                    : json(feed([("g1", "Good news")]), headers: [("ETag", "\"g1\"")])
            case "/bad":
                return failing.isOn ? .text("down", status: 500) : json(feed([("b1", "Bad news")]))
            default:
                return .text("no route", status: 404)
            }
        }
    }

    static func config(_ f: FetchFixture) -> TidingsConfig {
        var config = TidingsConfig()
        config.sources = [f.source("/good", name: "good", timeout: 2000), f.source("/bad", name: "bad", timeout: 2000)]
        return config
    }

    @Test("Two good sources: both cached, stage run ok")
    func allGood() throws {
        let failing = Flag()
        let f = try Self.server(failing: failing)
        let outcome = try Prefetcher(database: f.db, config: Self.config(f)).run(now: Self.first)
        #expect(outcome.attempts.map(\.source) == ["good", "bad"])
        #expect(outcome.attempts.map(\.outcome) == [.ok, .ok])
        #expect(outcome.succeeded == 2)
        #expect(outcome.stageOutcome == .ok)
        #expect(outcome.summary == "2 sources: 2 ok")
        let cached = try f.db.cachedContent().sorted { $0.source < $1.source }
        #expect(cached.map(\.source) == ["bad", "good"])
        #expect(cached.map(\.id) == ["b1", "g1"])
        #expect(cached.allSatisfy { $0.fetchTime == Self.first })
        #expect(try f.db.sourceState(named: "good")?.etag == "\"g1\"")
        let runs = try f.db.recentStageRuns(limit: 10, stage: .prefetch)
        #expect(runs.map(\.outcome) == [.ok])
        #expect(runs.first?.startedAt == Self.first)
        #expect(runs.first?.summary == "2 sources: 2 ok")
    }

    @Test("One source failing keeps its last-known-good; the run is degraded and reported per source")
    func oneFailing() throws {
        let failing = Flag()
        let f = try Self.server(failing: failing)
        let prefetcher = Prefetcher(database: f.db, config: Self.config(f))
        _ = try prefetcher.run(now: Self.first)
        failing.set(true)

        var reported: [(String, FetchOutcome)] = []
        let outcome = try prefetcher.run(now: Self.second) { reported.append(($0.source, $0.outcome)) }

        #expect(reported.map(\.0) == ["good", "bad"])
        #expect(reported.map(\.1) == [.notModified, .httpStatus])
        #expect(outcome.attempts.count == 2)
        #expect(outcome.attempts.map(\.outcome) == [.notModified, .httpStatus])
        #expect(outcome.attempts.map(\.startedAt) == [Self.second, Self.second])
        #expect(outcome.succeeded == 1)
        #expect(outcome.stageOutcome == .degraded)
        #expect(outcome.summary == "2 sources: 1 http_status, 1 not_modified")

        // The second run sent the good source's ETag back.
        let goodRequests = f.server.requests.filter { $0.path == "/good" }
        #expect(goodRequests.map { $0.header("If-None-Match") } == [nil, "\"g1\""])

        let cached = Dictionary(uniqueKeysWithValues: try f.db.cachedContent().map { ($0.source, $0) })
        #expect(cached["good"]?.id == "g1")
        #expect(cached["good"]?.fetchTime == Self.second)  // confirmed by the 304
        #expect(cached["bad"]?.id == "b1")
        #expect(cached["bad"]?.fetchTime == Self.first)  // kept from the first run

        let bad = try #require(try f.db.sourceState(named: "bad"))
        #expect(bad.lastOutcome == .httpStatus)
        #expect(bad.lastAttemptAt == Self.second)
        #expect(bad.lastSuccessAt == Self.first)

        let runs = try f.db.recentStageRuns(limit: 10, stage: .prefetch)
        #expect(runs.map(\.outcome) == [.degraded, .ok])
        #expect(runs.map(\.startedAt) == [Self.second, Self.first])
        #expect(runs.first?.summary == "2 sources: 1 http_status, 1 not_modified")
    }

    @Test("A failing source with nothing cached before leaves no content and no success time")
    func failingFromTheStart() throws {
        let failing = Flag()
        failing.set(true)
        let f = try Self.server(failing: failing)
        var calls = 0
        let outcome = try Prefetcher(database: f.db, config: Self.config(f)).run(now: Self.first) { _ in calls += 1 }
        #expect(calls == 2)
        #expect(outcome.stageOutcome == .degraded)
        #expect(try f.db.cachedContent().map(\.source) == ["good"])
        #expect(try f.db.sourceState(named: "bad")?.lastSuccessAt == nil)
        #expect(try f.db.recentStageRuns(limit: 10).count == 1)
    }

    @Test("No sources: no attempts, one ok stage run")
    func noSources() throws {
        let f = try FetchFixture { _ in .text("unused") }
        var calls = 0
        let outcome = try Prefetcher(database: f.db, config: TidingsConfig()).run(now: Self.first) { _ in calls += 1 }
        #expect(calls == 0)
        #expect(outcome.attempts.isEmpty)
        #expect(outcome.summary == "0 sources")
        #expect(outcome.stageOutcome == .ok)
        #expect(try f.db.recentStageRuns(limit: 10).map(\.stage) == [.prefetch])
        #expect(f.server.requests.isEmpty)
    }

    @Test(
        "PrefetchOutcome summary counts outcomes in name order; singular for one source",
        arguments: [
            ([FetchOutcome.ok], "1 source: 1 ok", true),
            ([.timeout, .ok, .timeout], "3 sources: 1 ok, 2 timeout", false),
            ([.notModified, .ok], "2 sources: 1 not_modified, 1 ok", true),
            ([.invalid], "1 source: 1 invalid", false),
        ])
    func summary(outcomes: [FetchOutcome], expected: String, allSucceeded: Bool) {
        var outcome = PrefetchOutcome()
        outcome.attempts = outcomes.map { FetchAttempt(source: "s", startedAt: 0, durationMs: 1, outcome: $0) }
        #expect(outcome.summary == expected)
        #expect(outcome.stageOutcome == (allSucceeded ? .ok : .degraded))
    }
}
