import Foundation
import Testing
import TidingsCore
import TidingsProcess
import TidingsTestSupport

@testable import TidingsStore

/// The report's running totals (v25, `ReportTally`): every figure they give equals the one
/// counted the slow way from the rows, over a random history and random windows, after
/// updates and deletes, retention, a rolled-back write and a writer killed mid-transaction.
@Suite struct ReportTallyTests {
    static let day = ReportTally.dayMillis
    static let start = TestClock.at("2026-03-01T00:00:00Z")
    static let reasons: [String?] = [
        nil, "", "   ", "HTTP 503", "  HTTP 503  ", "timed out", "gave up after 3 attempts: HTTP 500",
        String(repeating: "x", count: 80) + " tail one", String(repeating: "x", count: 80) + " tail two",
        String(repeating: "é", count: 81), String(repeating: "y", count: 80),
    ]
    static let channels: [String?] = [nil, "desktop", "inbox", "stdout", "webhook:phone"]
    static let generators: [String?] = [nil, "template", "llm", "llm-fallback"]

    /// The figures the totals feed, counted from the rows as the report counted them before
    /// v25 (one statement per figure over the window, no totals).
    struct Figures: Equatable, CustomStringConvertible {
        var states: [String: Int] = [:]
        var generators: [String: Int] = [:]
        var capped = 0
        var channels: [ChannelDeliveries] = []

        var description: String { "states \(states.sorted { $0.key < $1.key }), generators \(generators), capped \(capped), channels \(channels)" }
    }

    /// The fast path's figures (the store's functions, as `report` calls them).
    static func fast(_ database: TidingsDatabase, _ from: EpochMillis, _ until: EpochMillis) throws -> Figures {
        let counts = try database.reportCounts(from: from, until: until, engagementChannels: [])
        var figures = Figures()
        for (state, n) in counts.notificationStates { figures.states[state.rawValue] = n }
        for (staleness, n) in counts.deliveredStaleness { figures.states["reached/\(staleness.rawValue)"] = n }
        figures.generators = counts.generators
        figures.capped = counts.capped
        figures.channels = try database.channelDeliveries(from: from, until: until)
        return figures
    }

    /// The same figures from the raw rows.
    static func slow(_ database: TidingsDatabase, _ from: EpochMillis, _ until: EpochMillis) throws -> Figures {
        try database.snapshot("count the slow way") { db in
            var figures = Figures()
            let window = [from.storeValue, until.storeValue]
            for row in try db.rows("SELECT state, staleness, count(*) FROM notification WHERE dueAt >= ? AND dueAt < ? GROUP BY 1, 2", window) {
                let state = try #require(NotificationState(rawValue: try row.decode(0, as: String.self)))
                let n = try row.decode(2, as: Int.self)
                figures.states[state.rawValue, default: 0] += n
                if state.reachedUser { figures.states["reached/\(try row.decode(1, as: String.self))", default: 0] += n }
            }
            for row in try db.rows(
                "SELECT generator, count(*) FROM notification WHERE dueAt >= ? AND dueAt < ? AND generator IS NOT NULL AND state <> 'cancelled' GROUP BY 1",
                window)
            {
                figures.generators[try row.decode(0, as: String.self)] = try row.decode(1, as: Int.self)
            }
            figures.capped =
                try db.value(
                    "SELECT count(*) FROM notification WHERE state IN ('missed', 'expired') AND (hold & 1) <> 0 AND dueAt >= ? AND dueAt < ?",
                    window, as: Int.self) ?? 0
            var channels: [String: ChannelDeliveries] = [:]
            var reasons: [String: [String: Int]] = [:]
            for row in try db.rows(
                """
                SELECT channel, outcome, substr(trim(failureReason), 1, \(ChannelDeliveries.reasonLength + 1)), count(*) FROM delivery
                WHERE channel IS NOT NULL AND scheduledTime >= ? AND scheduledTime < ? GROUP BY 1, 2, 3
                """, window)
            {
                let channel = try row.decode(0, as: String.self)
                let n = try row.decode(3, as: Int.self)
                var entry = channels[channel] ?? ChannelDeliveries(channel: channel)
                switch try row.decode(1, as: String.self) {
                case "delivered": entry.delivered += n
                case "retry": entry.retried += n
                case "failed":
                    entry.failed += n
                    reasons[channel, default: [:]][ChannelDeliveries.groupingKey(try row.decode(2, as: String?.self)), default: 0] += n
                default: continue
                }
                channels[channel] = entry
            }
            figures.channels = channels.values.sorted { $0.channel < $1.channel }.map { entry in
                var entry = entry
                entry.reasons = (reasons[entry.channel] ?? [:]).map { ChannelDeliveries.Reason(reason: $0.key, count: $0.value) }
                    .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
                return entry
            }
            return figures
        }
    }

    /// Windows of every shape: whole days, parts of one day, across midnights, empty, all time.
    static func windows(_ random: inout SplitMix64) -> [(EpochMillis, EpochMillis)] {
        var windows: [(EpochMillis, EpochMillis)] = [
            (0, .max), (start, start + 14 * day), (start + 2 * day, start + 5 * day), (start + 3 * day + 1, start + 3 * day + 2),
            (start + day / 2, start + day / 2), (start - 3 * day, start + day - 1),
        ]
        for _ in 0..<40 {
            let from = start - day + Int64(random.next(in: 0...(15 * 86_400))) * 1000 + Int64(random.next(in: 0...999))
            windows.append((from, from + Int64(random.next(in: 0...(10 * 86_400))) * 1000))
        }
        return windows
    }

    /// Expects the fast figures to equal the slow ones over every window.
    static func expectSame(_ database: TidingsDatabase, seed: UInt64, _ comment: String) throws {
        var random = SplitMix64(state: seed)
        for (from, until) in windows(&random) {
            let fast = try fast(database, from, until)
            let slow = try slow(database, from, until)
            #expect(fast == slow, "\(comment): window \(from) ..< \(until)")
        }
    }

    /// Writes `count` random notifications over 12 days, each with up to three delivery rows
    /// (any channel, outcome and reason), then changes and deletes some of both at random.
    static func randomHistory(_ database: TidingsDatabase, seed: UInt64, count: Int) throws {
        var random = SplitMix64(state: seed)
        try database.transaction("write a random history") { db in
            for index in 0..<count {
                let due = start + Int64(random.next(in: 0...(12 * 86_400))) * 1000 + Int64(random.next(in: 0...999))
                _ = try db.execute(
                    """
                    INSERT INTO notification (id, kind, category, title, body, dueAt, plannedLocal, plannedZone, staleness, state,
                        createdAt, updatedAt, generator, hold)
                    VALUES (?, 'daily', 'system', 't', 'b', ?, '', 'UTC', ?, ?, 0, 0, ?, ?)
                    """,
                    [
                        .text("n\(index)"), .integer(due), .text(random.pick(Staleness.allCases).rawValue),
                        .text(random.pick(NotificationState.allCases).rawValue), random.pick(generators).map(StoreValue.text) ?? .null,
                        .integer(Int64(random.next(in: 0...3))),
                    ])
                for _ in 0..<random.next(in: 0...3) {
                    _ = try db.execute(
                        "INSERT INTO delivery (notificationId, scheduledTime, staleness, channel, outcome, failureReason) VALUES (?, ?, 'fresh', ?, ?, ?)",
                        [
                            .text("n\(index)"), .integer(random.coin() ? due : due + Int64(random.next(in: -86_400...86_400)) * 1000),
                            random.pick(channels).map(StoreValue.text) ?? .null, .text(random.pick(DeliveryOutcome.allCases).rawValue),
                            random.pick(reasons).map(StoreValue.text) ?? .null,
                        ])
                }
            }
        }
        try change(database, &random, count: count)
    }

    /// Updates and deletes random rows, each changing what the totals key on.
    static func change(_ database: TidingsDatabase, _ random: inout SplitMix64, count: Int) throws {
        try database.transaction("change the history") { [random] db in
            var random = random
            let rows: Int = try db.value("SELECT max(id) FROM delivery") ?? 0
            for _ in 0..<(count / 2) {
                let id = Int64(random.next(in: 0...max(0, count - 1)))
                switch random.next(in: 0...8) {
                case 0:
                    _ = try db.execute(
                        "UPDATE notification SET state = ? WHERE id = ?", [.text(random.pick(NotificationState.allCases).rawValue), .text("n\(id)")])
                case 1:
                    _ = try db.execute(
                        "UPDATE notification SET dueAt = dueAt + ? WHERE id = ?",
                        [.integer(Int64(random.next(in: -2...2)) * day / 3), .text("n\(id)")])
                case 2:
                    _ = try db.execute(
                        "UPDATE notification SET hold = ?, staleness = ? WHERE id = ?",
                        [.integer(Int64(random.next(in: 0...3))), .text(random.pick(Staleness.allCases).rawValue), .text("n\(id)")])
                case 3:
                    _ = try db.execute(
                        "UPDATE notification SET generator = ? WHERE id = ?",
                        [random.pick(generators).map(StoreValue.text) ?? .null, .text("n\(id)")])
                case 4: _ = try db.execute("DELETE FROM notification WHERE id = ?", [.text("n\(id)")])
                case 5:
                    _ = try db.execute(
                        "UPDATE delivery SET outcome = ?, failureReason = ? WHERE id = ?",
                        [
                            .text(random.pick(DeliveryOutcome.allCases).rawValue), random.pick(reasons).map(StoreValue.text) ?? .null,
                            .integer(Int64(random.next(in: 1...max(1, rows)))),
                        ])
                case 6:
                    _ = try db.execute(
                        "UPDATE delivery SET channel = ?, scheduledTime = scheduledTime + ? WHERE id = ?",
                        [
                            random.pick(channels).map(StoreValue.text) ?? .null, .integer(Int64(random.next(in: -1...1)) * day / 2),
                            .integer(Int64(random.next(in: 1...max(1, rows)))),
                        ])
                case 7: _ = try db.execute("DELETE FROM delivery WHERE id = ?", [.integer(Int64(random.next(in: 1...max(1, rows))))])
                default: _ = try db.execute("UPDATE notification SET state = state, title = 'same key' WHERE id = ?", [.text("n\(id)")])
                }
            }
        }
    }

    @Test("the totals give what the rows give, over random histories and windows, after changes and retention")
    func randomHistories() throws {
        for seed: UInt64 in [1, 2, 3] {
            let directory = try TemporaryDirectory()
            let database = try directory.database()
            try Self.randomHistory(database, seed: seed, count: 600)
            let all = try Self.fast(database, 0, .max)
            #expect(all.states.count > 5 && all.generators.count == 3 && all.capped > 0 && all.channels.count == 4, "\(all)")
            try Self.expectSame(database, seed: seed, "seed \(seed), after writes, changes and deletes")
            // Retention deletes the old history through the same triggers.
            let pruned = try database.prune(before: Self.start + 5 * Self.day + Self.day / 3)
            #expect(pruned > 0)
            try Self.expectSame(database, seed: seed + 10, "seed \(seed), after retention")
        }
    }

    @Test("a write rolled back leaves the totals as the rows")
    func rolledBack() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        try Self.randomHistory(database, seed: 4, count: 200)
        let before = try Self.fast(database, 0, .max)
        struct Abort: Error {}
        #expect(throws: StoreError.self) {
            try database.transaction("a step that fails") { db in
                _ = try db.execute("UPDATE notification SET state = 'delivered', hold = 1")
                _ = try db.execute("UPDATE delivery SET outcome = 'failed', failureReason = 'gone'")
                throw Abort()
            }
        }
        #expect(try Self.fast(database, 0, .max) == before)
        try Self.expectSame(database, seed: 4, "after a rollback")
    }

    @Test("a writer killed in the middle of its transaction leaves the totals as the rows", .sqliteFileOnly)
    func killedWriter() throws {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        try Self.randomHistory(database, seed: 5, count: 300)
        let before = try Self.fast(database, 0, .max)
        // Another process (Python's sqlite3, through the same triggers) records outcomes and
        // new rows in one transaction, says so, and is killed before it commits.
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE notification SET state = 'delivered' WHERE state = 'pending'")
            db.execute("UPDATE delivery SET outcome = 'failed', failureReason = 'killed' WHERE outcome = 'delivered'")
            db.executemany("INSERT INTO delivery (notificationId, scheduledTime, staleness, channel, outcome) VALUES ('x', ?, 'fresh', 'desktop', 'delivered')",
                           [(\(Self.start) + i * 60000,) for i in range(20000)])
            print("written", flush=True)
            time.sleep(600)
            """
        let (readEnd, writeEnd) = try ProcessSpawn.pipe()
        defer { close(readEnd) }
        let pid: pid_t
        do {
            defer { close(writeEnd) }
            pid = try ProcessSpawn.start(
                ["/usr/bin/python3", "-c", script, directory.file("tidings.sqlite")], environment: ProcessInfo.processInfo.environment,
                stdout: .descriptor(writeEnd))
        }
        #expect(PipeReader.firstLine(readEnd, until: .now + .seconds(60)) == .line("written"))
        ProcessSpawn.kill([pid])
        #expect(try Self.fast(database, 0, .max) == before)
        try Self.expectSame(database, seed: 5, "after a killed writer")
    }
}
