import Foundation
import GRDB
import Testing
import TidingsCore
import TidingsPostgres
import TidingsStore
import TidingsTestSupport

/// `tidings store copy`: a SQLite file filled by the programs copied into a database of the
/// test cluster, every table counted on both sides, and the programs then reading the same
/// figures from either; the targets and sources it refuses, each left as it was.
@Suite(.serialized) struct StoreCopyEndToEndTests {
    /// A SQLite install whose every table holds rows, and the runner of its programs.
    struct Source {
        let folder: TemporaryDirectory
        let database: String
        let runner: ProgramRunner
        let hook: HTTPTestServer
    }

    /// Fills a SQLite store through the programs: a fetched feed, a plan, a delivery whose
    /// webhook answers 503 (the outbox), the inbox, a repeating reminder that nags, months of history;
    /// then one row in each table the programs leave empty in a test (the calendar and
    /// schedule caches, the language model's cache, the desktop's scheme handlers, an in-flight
    /// mark, a digest's member, a late outcome refused), and checks that no table is empty.
    func filledSource() async throws -> Source {
        let hook = try HTTPTestServer { _ in .text("busy", status: 503) }
        let folder = try TemporaryDirectory()
        let database = folder.file("state/tidings.sqlite")
        let config = try folder.write(
            """
            [[sources]]
            name = "daily"
            url = "file:today.json"
            [routes]
            system = ["webhook:hook", "inbox"]
            [[webhooks]]
            name = "hook"
            url = "\(hook.baseURL)/hook"
            format = "json"
            max_attempts = 5
            """, to: "config.toml")
        _ = try folder.write(Feed.list(Feed.item(id: "1", title: "News", body: "Body")), to: "today.json")
        let runner = ProgramRunner(environment: [
            "TZ": "Europe/Berlin", "TIDINGS_DB": database, "TIDINGS_CONFIG": config, "XDG_CACHE_HOME": folder.file("cache"),
            "XDG_STATE_HOME": folder.file("xdg-state"),
        ])
        for arguments in [
            ["prefetch", "--now", "2026-11-22T06:00"], ["plan", "--now", "2026-11-22T06:00", "--horizon", "2d"],
            ["tidings", "add", "Stand-up", "--every", "daily", "--at", "09:55", "--nag", "5m", "--now", "2026-11-22T06:10"],
            ["plan", "--now", "2026-11-22T06:20", "--horizon", "2d"],
        ] {
            let result = try await runner.run(arguments[0], Array(arguments.dropFirst()))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let delivered = try await runner.run("deliver", ["--now", "2026-11-22T07:31"])
        #expect(delivered.status <= 1, "deliver: \(delivered.stderr)")
        try HistorySeed.fill(TidingsDatabase(path: database), count: 12, before: TestClock.at("2026-11-21T12:00:00Z"), spacing: 3_600_000)

        let queue = try DatabaseQueue(path: database)
        try await queue.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO calendar (source, ics, fetchTime, eventCount) VALUES ('work', 'BEGIN:VCALENDAR', 1, 0)")
            try db.execute(
                sql: "INSERT OR IGNORE INTO schedule (source, json, version, versionSeenAt, fetchTime) VALUES ('remote', '{}', 'v1', 1, 1)")
            try db.execute(sql: "INSERT OR IGNORE INTO llmCache (key, title, body, createdAt) VALUES ('k', 'Title', 'Body', 1)")
            try db.execute(sql: "INSERT OR IGNORE INTO schemeHandler (scheme, installed, stamp, checkedAt) VALUES ('zoommtg', 0, 's', 1)")
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO inflight (notificationId, channel, revision, claimedBy, startedAt, sent)
                    VALUES ('old:0', 'stdout', 0, 'gone', 1, 1)
                    """)
            try db.execute(sql: "INSERT OR IGNORE INTO digestMember (digestId, memberId) VALUES ('digest:x', 'old:1')")
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO handover (notificationId, channel, state, dueAt, fingerprint, itemUpdatedAt, handedAt)
                    VALUES ('old:3', 'webhook:phone', 'scheduled', 1, 'f', 1, 1)
                    """)
            try db.execute(sql: "INSERT OR IGNORE INTO realtimeStream (url, lastId, lastAt) VALUES ('https://ntfy.sh/alerts', 'm1', 1)")
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO staleOutcome (notificationId, channel, attempt, revision, scheduledTime, outcome, claimedBy, refusedAt)
                    VALUES ('old:2', 'webhook:hook', 1, 0, 1, 'delivered', 'gone', 2)
                    """)
        }
        let counts = try Self.sqliteCounts(queue)
        try queue.close()
        #expect(counts.count >= 16, "\(counts)")
        #expect(counts.filter { $0.value == 0 }.isEmpty, "every table holds rows before the copy: \(counts)")
        return Source(folder: folder, database: database, runner: runner, hook: hook)
    }

    /// Each table's rows in a SQLite file, by name.
    static func sqliteCounts(_ queue: DatabaseQueue) throws -> [String: Int] {
        try queue.read { db in
            let names = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'")
            return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1) })
        }
    }

    /// Each table's rows in a PostgreSQL database, by lower-case name; empty when it has no schema.
    static func postgresCounts(_ url: String) throws -> [String: Int] {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        let names = try connection.execute(
            """
            SELECT table_name::text FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'tidings_migrations'
            """
        ).rows.compactMap { $0[0].string }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, Int(try connection.execute("SELECT count(*) FROM \($0)").first?[0].int64 ?? -1)) })
    }

    /// A new database of the shared cluster: its URL with and without the password.
    static func target() throws -> (cluster: PostgresTestCluster, withPassword: String, withoutPassword: String) {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        return (cluster, url.absoluteString, cluster.url(database: url.lastPathComponent, password: nil))
    }

    @Test("a filled SQLite store copies with equal counts in every table; log and report then read the same on both engines")
    func copiesEverything() async throws {
        let source = try await filledSource()
        defer { source.hook.stop() }
        let (cluster, url, bare) = try Self.target()
        let before = try Self.sqliteCounts(DatabaseQueue(path: source.database))

        let copy = try await source.runner.run(
            "tidings", ["store", "copy", "--from", source.database, "--to", bare], extra: ["PGPASSWORD": cluster.password])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("Copied \(source.database) to \(bare) in one transaction:"), "\(copy.stdout)")
        #expect(!copy.stdout.contains(cluster.password) && !copy.stderr.contains(cluster.password))
        for (table, count) in before {
            let line = copy.lines.first { $0.split(separator: " ").first.map(String.init) == table }
            let numbers = line.map { $0.split(separator: " ").dropFirst().compactMap { Int($0) } }
            #expect(numbers == [count, count], "\(table): \(line ?? "no line")")
        }
        let after = try Self.postgresCounts(url)
        #expect(after == Dictionary(uniqueKeysWithValues: before.map { ($0.key.lowercased(), $0.value) }))
        // The file was only read: its rows are as they were.
        #expect(try Self.sqliteCounts(DatabaseQueue(path: source.database)) == before)

        // Every identity hands out an id past the copied ones.
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        for (table, column) in [("delivery", "id"), ("fetchAttempt", "id"), ("stageRun", "id"), ("content", "rowid"), ("outbox", "rowid")] {
            let next = try connection.execute("SELECT nextval(pg_get_serial_sequence('\(table.lowercased())', '\(column)'))").first?[0].int64
            let largest = try connection.execute("SELECT coalesce(max(\(column)), 0) FROM \(table)").first?[0].int64
            #expect((next ?? 0) > (largest ?? 0), "\(table).\(column): next \(next ?? 0), largest \(largest ?? 0)")
        }

        // The programs read the same from either store.
        let onPostgres = ["TIDINGS_DB": url]
        for arguments in [
            ["tidings", "log", "--now", "2026-11-22T08:00"], ["tidings", "pending", "--now", "2026-11-22T08:00"],
            ["tidings", "inbox", "--all", "--now", "2026-11-22T08:00"],
            ["report", "--format", "json", "--since", "30d", "--now", "2026-11-22T08:00"],
        ] {
            let sqlite = try await source.runner.run(arguments[0], Array(arguments.dropFirst()))
            let postgres = try await source.runner.run(arguments[0], Array(arguments.dropFirst()), extra: onPostgres)
            #expect(sqlite.status == 0 && postgres.status == 0, "\(arguments): \(sqlite.stderr) \(postgres.stderr)")
            #expect(!sqlite.stdout.isEmpty)
            #expect(sqlite.stdout == postgres.stdout, "\(arguments)")
        }
        // report logged its run on PostgreSQL under a new id.
        #expect(try Self.postgresCounts(url)["stagerun"] == before["stageRun"].map { $0 + 1 })
        // deliver goes on from the copied outbox there: the webhook's retry is tried again
        // and recorded as a new delivery.
        let requests = source.hook.requests.count
        let retried = try await source.runner.run("deliver", ["--now", "2026-11-22T09:00"], extra: onPostgres)
        #expect(retried.status <= 1, "\(retried.stderr)")
        #expect(!retried.stderr.contains("duplicate key"), "\(retried.stderr)")
        #expect(source.hook.requests.count > requests, "the copied retry was sent")
        #expect(try Self.postgresCounts(url)["delivery"] ?? 0 > before["delivery"] ?? 0)
    }

    @Test("a target that holds Tidings rows is refused and left unchanged; TIDINGS_DB names the target when --to is left out")
    func refusesFilledTarget() async throws {
        let source = try await filledSource()
        defer { source.hook.stop() }
        let (cluster, url, bare) = try Self.target()
        let first = try await source.runner.run("tidings", ["store", "copy", "--from", source.database], extra: ["TIDINGS_DB": url])
        #expect(first.status == 0, "\(first.stderr)")
        let copied = try Self.postgresCounts(url)

        let second = try await source.runner.run("tidings", ["store", "copy", "--from", source.database], extra: ["TIDINGS_DB": url])
        #expect(second.status == 1)
        let named = bare.replacingOccurrences(of: "tidings@", with: "tidings:***@")
        #expect(
            second.stderr.contains("tidings store copy: error: database \(named): copy refused: the target already holds Tidings rows"),
            "\(second.stderr)")
        #expect(!second.stderr.contains(cluster.password))
        #expect(second.stdout.isEmpty)
        #expect(try Self.postgresCounts(url) == copied)

        // One row is enough: a reminder added on the new store.
        let (_, other, _) = try Self.target()
        let added = try await source.runner.run(
            "tidings", ["add", "Tea", "--in", "1h", "--now", "2026-11-22T08:00"], extra: ["TIDINGS_DB": other])
        #expect(added.status == 0, "\(added.stderr)")
        let refused = try await source.runner.run("tidings", ["store", "copy", "--from", source.database], extra: ["TIDINGS_DB": other])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notification 1"), "\(refused.stderr)")
        #expect(try Self.postgresCounts(other)["notification"] == 1)
    }

    @Test("a password in --to is refused (64) before anything is opened; so is a target that is no PostgreSQL URL")
    func refusesPassword() async throws {
        let folder = try TemporaryDirectory()
        let runner = ProgramRunner(environment: ["TZ": "UTC", "XDG_STATE_HOME": folder.file("state")])
        let (cluster, url, _) = try Self.target()
        let result = try await runner.run("tidings", ["store", "copy", "--from", folder.file("none.sqlite"), "--to", url])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--to: the URL holds a password"), "\(result.stderr)")
        #expect(result.stderr.contains("~/.pgpass") && result.stderr.contains("PGPASSWORD") && result.stderr.contains("TIDINGS_DB"))
        #expect(!result.stderr.contains(cluster.password))
        #expect(try Self.postgresCounts(url).isEmpty, "no schema was created")

        let file = try await runner.run("tidings", ["store", "copy", "--to", folder.file("other.sqlite")])
        #expect(file.status == 64)
        #expect(file.stderr.contains("--to: expected a postgresql:// URL"), "\(file.stderr)")
        let none = try await runner.run("tidings", ["store", "copy"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("or set TIDINGS_DB to it"), "\(none.stderr)")
    }

    @Test("a source of an older schema is refused, naming plan; so is one whose deliver runs; neither writes the target")
    func refusesSource() async throws {
        let folder = try TemporaryDirectory()
        let runner = ProgramRunner(environment: ["TZ": "UTC", "XDG_STATE_HOME": folder.file("state")])
        let (cluster, url, bare) = try Self.target()
        let older = try folder.olderDatabase("older.sqlite", migrations: 20)
        let result = try await runner.run(
            "tidings", ["store", "copy", "--from", older, "--to", bare], extra: ["PGPASSWORD": cluster.password])
        #expect(result.status == 1)
        #expect(result.stderr.contains("run plan --db \(older) on it first"), "\(result.stderr)")
        #expect(try Self.postgresCounts(url).isEmpty)

        let current = folder.file("current.sqlite")
        _ = try TidingsDatabase(path: current)
        let lock = open(current + ".deliver.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        let busy = try await runner.run("tidings", ["store", "copy", "--from", current, "--to", bare], extra: ["PGPASSWORD": cluster.password])
        close(lock)
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("deliver is running (it holds \(current).deliver.lock); nothing copied"), "\(busy.stderr)")
        #expect(try Self.postgresCounts(url).isEmpty)
    }
}
