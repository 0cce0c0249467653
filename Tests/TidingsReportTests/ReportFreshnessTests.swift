import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsReport

/// When each stage last succeeded: the stage log, deliver's heartbeat file, and how
/// Prometheus and Nagios show it.
@Suite struct ReportFreshnessTests {
    static let now = TestClock.at("2026-11-22T12:00:00Z")
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000
    static let defaults = TidingsConfig.Monitoring().expected

    static func report(_ lastSuccess: [Stage: EpochMillis], firstSeen: EpochMillis? = nil) -> Report {
        var report = Sample.empty
        report.activity = StageActivity(lastSuccess: lastSuccess, firstSeen: firstSeen ?? lastSuccess.values.min())
        return report
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var lastSuccess: Int64?  // how long before `now`; negative: after it
        var firstSeen: Int64?  // how long before `now`
        var expected: Int64?
        var status: Int32
        var testDescription: String {
            "last \(lastSuccess.map { "\($0 / 1000)s ago" } ?? "never"), first seen \(firstSeen.map { "\($0 / 1000)s ago" } ?? "never"), "
                + "expected \(expected.map { "\($0 / 1000)s" } ?? "off") → \(status)"
        }
    }

    static let cases: [Case] = [
        Case(lastSuccess: 9 * minute, firstSeen: hour, expected: 5 * minute, status: 0),
        Case(lastSuccess: 10 * minute, firstSeen: hour, expected: 5 * minute, status: 0),  // exactly twice: not past it
        Case(lastSuccess: 10 * minute + 1, firstSeen: hour, expected: 5 * minute, status: 1),
        Case(lastSuccess: 20 * minute, firstSeen: hour, expected: 5 * minute, status: 1),
        Case(lastSuccess: 20 * minute + 1000, firstSeen: hour, expected: 5 * minute, status: 2),
        Case(lastSuccess: -hour, firstSeen: hour, expected: 5 * minute, status: 0),  // a fixed clock before the run
        Case(lastSuccess: 100 * 24 * hour, firstSeen: 100 * 24 * hour, expected: nil, status: 0),  // not watched
        Case(lastSuccess: nil, firstSeen: 11 * minute, expected: 5 * minute, status: 1),  // never, on an old pipeline
        Case(lastSuccess: nil, firstSeen: 10 * minute, expected: 5 * minute, status: 0),  // never, but still young
        Case(lastSuccess: nil, firstSeen: nil, expected: 5 * minute, status: 0),  // nothing ever ran
        Case(lastSuccess: nil, firstSeen: 100 * 24 * hour, expected: nil, status: 0),
    ]

    @Test(
        "a stage older than twice its interval is WARNING, four times CRITICAL; never succeeded is WARNING once the pipeline is that old",
        arguments: cases)
    func judged(c: Case) {
        var report = Sample.empty
        report.activity = StageActivity(
            lastSuccess: c.lastSuccess.map { [.deliver: Self.now - $0] } ?? [:], firstSeen: c.firstSeen.map { Self.now - $0 })
        let deliver = report.freshness(expected: c.expected.map { [.deliver: $0] } ?? [:], now: Self.now)[2]
        #expect(deliver.stage == .deliver)
        #expect(deliver.status == c.status)
        #expect(deliver.age == c.lastSuccess.map { max(0, $0) })
    }

    @Test(
        "spans for people, rounded down",
        arguments: [
            (0, "0 s"), (119_999, "119 s"), (120_000, "2 min"), (1_860_000, "31 min"), (7_199_999, "119 min"),
            (7_200_000, "2 h"), (172_799_999, "47 h"), (172_800_000, "2 d"),
        ] as [(Int64, String)])
    func span(millis: Int64, text: String) {
        #expect(StageFreshness.span(millis) == text)
    }

    @Test("nagios names the stale stages first, takes the worse status, and gives every stage's age as perfdata")
    func nagiosLine() {
        let report = Self.report(
            [.prefetch: Self.now - Self.hour, .deliver: Self.now - 31 * Self.minute, .report: Self.now - 2 * Self.minute],
            firstSeen: Self.now - 24 * Self.hour)
        let (line, status) = report.nagios(warn: 0.95, crit: 0.8, expected: Self.defaults, now: Self.now)
        #expect(status == 2)
        #expect(
            line.hasPrefix(
                "TIDINGS CRITICAL - plan never succeeded (expected every 6 h), deliver last succeeded 31 min ago (expected every 5 min); "
                    + "fetch success n/a (0/0), delivery n/a (0/0), "))
        #expect(line.hasSuffix(" stale_delivered=0 prefetch_age=3600s;43200;86400 deliver_age=1860s;600;1200 report_age=120s\n"))
        #expect(!line.contains("plan_age"))
    }

    @Test("nagios: fresh stages are OK and not named; a stale stage raises good rates, never lowers bad ones")
    func nagiosStatus() {
        let fresh = Self.report([.prefetch: Self.now - Self.hour, .plan: Self.now - Self.hour, .deliver: Self.now - Self.minute])
        let ok = fresh.nagios(warn: 0.95, crit: 0.8, expected: Self.defaults, now: Self.now)
        #expect(ok.status == 0)
        #expect(ok.line.hasPrefix("TIDINGS OK - fetch success n/a (0/0), "))
        #expect(ok.line.contains(" deliver_age=60s;600;1200"))

        var warning = fresh
        warning.activity.lastSuccess[.plan] = Self.now - 13 * Self.hour
        let warned = warning.nagios(warn: 0.95, crit: 0.8, expected: Self.defaults, now: Self.now)
        #expect(warned.status == 1)
        #expect(warned.line.hasPrefix("TIDINGS WARNING - plan last succeeded 13 h ago (expected every 6 h); fetch success n/a (0/0)"))

        var failing = Sample.rates(fetch: (1, 9))
        failing.activity = warning.activity
        #expect(failing.nagios(warn: 0.95, crit: 0.8, expected: Self.defaults, now: Self.now).status == 2)
        #expect(warning.nagios(warn: 0.95, crit: 0.8, expected: [:], now: Self.now).status == 0, "nothing watched")
    }

    @Test("prometheus: one timestamp per stage that ever succeeded, in whole seconds")
    func prometheus() {
        let report = Self.report([.prefetch: Self.now - Self.hour + 999, .deliver: Self.now - 30_000])
        let text = report.prometheus(generatedAt: Self.now)
        #expect(
            text.contains(
                """
                # TYPE tidings_stage_last_success_timestamp_seconds gauge
                tidings_stage_last_success_timestamp_seconds{stage="prefetch"} 1795345200
                tidings_stage_last_success_timestamp_seconds{stage="deliver"} 1795348770
                # HELP tidings_report_generated_timestamp_seconds
                """))
        #expect(!text.contains("{stage=\"plan\"}"))
        #expect(!text.contains("{stage=\"report\"}"))
    }

    @Test("the stage log gives each stage's last ok or degraded start; a later heartbeat wins; failed runs do not count")
    func activity() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        #expect(try db.stageActivity() == StageActivity())
        let t = Self.now
        for (stage, at, outcome) in [
            (Stage.report, t - 10 * Self.hour, StageOutcome.ok), (.prefetch, t - 6 * Self.hour, .ok),
            (.prefetch, t - 5 * Self.hour, .failed), (.plan, t - 4 * Self.hour, .degraded), (.deliver, t - 3 * Self.hour, .ok),
        ] {
            try db.recordStageRun(StageRun(stage: stage, startedAt: at, endedAt: at + 5, outcome: outcome, summary: ""))
        }
        #expect(
            try db.stageActivity()
                == StageActivity(
                    lastSuccess: [.report: t - 10 * Self.hour, .prefetch: t - 6 * Self.hour, .plan: t - 4 * Self.hour, .deliver: t - 3 * Self.hour],
                    firstSeen: t - 10 * Self.hour))

        try db.touchHeartbeat(of: .deliver, at: t - Self.minute)
        #expect(try db.stageActivity().lastSuccess[.deliver] == t - Self.minute)
        try db.touchHeartbeat(of: .deliver, at: t - 5 * Self.hour)  // older than the logged run
        #expect(try db.stageActivity().lastSuccess[.deliver] == t - 3 * Self.hour)
    }

    @Test("a heartbeat is a success, but it does not date the pipeline (it moves every minute)")
    func heartbeatOnly() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try db.touchHeartbeat(of: .deliver, at: Self.now)
        #expect(try db.stageActivity() == StageActivity(lastSuccess: [.deliver: Self.now], firstSeen: nil))
    }

    @Test("the heartbeat file: created 0600 beside the database, its time set to the run's clock to the millisecond")
    func heartbeatFile() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        let file = directory.file("tidings.sqlite.deliver-alive")
        #expect(db.heartbeatPath(of: .deliver) == file)
        #expect(db.heartbeat(of: .deliver) == nil)
        try db.touchHeartbeat(of: .deliver, at: Self.now + 123)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0)
        #expect(db.heartbeat(of: .deliver) == Self.now + 123)
        try db.touchHeartbeat(of: .deliver, at: Self.now - Self.hour)  // the file exists: only its time moves
        #expect(db.heartbeat(of: .deliver) == Self.now - Self.hour)
        #expect(db.heartbeat(of: .prefetch) == nil)
    }

    @Test("a heartbeat that cannot be set throws a StoreError naming the file; a database in memory has none")
    func heartbeatFailure() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        let file = directory.file("tidings.sqlite.deliver-alive")
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/nonexistent-tidings-folder/alive")
        #expect {
            try db.touchHeartbeat(of: .deliver, at: Self.now)
        } throws: { error in
            (error as? StoreError)?.message.hasPrefix("cannot touch the heartbeat file \(file): ") == true
        }
        #expect(db.heartbeat(of: .deliver) == nil)

        let memory = try TidingsDatabase.inMemory()
        #expect(memory.heartbeatPath(of: .deliver) == nil)
        try memory.touchHeartbeat(of: .deliver, at: Self.now)
        #expect(memory.heartbeat(of: .deliver) == nil)
    }
}
