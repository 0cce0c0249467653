import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// One install of Tidings for a test: a private folder with a database, a config file and
/// the cache folder, and the built programs run against them with a fixed zone.
struct Pipeline {
    let folder: TemporaryDirectory
    var runner: ProgramRunner
    let database: String
    let config: String

    /// A pipeline whose config file holds `text`. Most tests deliver the daily update, with
    /// an emergency line, as their one notification: with `emergencyDaily`, a `text` without a
    /// `[daily]` table and without sources gets `[daily] enabled = true` first, since a config
    /// without content has no daily update otherwise.
    init(zone: String = "Europe/Berlin", config text: String = "", emergencyDaily: Bool = true) throws {
        folder = try TemporaryDirectory()
        var environment = ["XDG_CACHE_HOME": folder.file("cache")]
        if Pipeline.engine == .postgresql {
            // As a host would be set up: the URL without the password, which is in a password file.
            let cluster = try PostgresTestCluster.shared()
            database = cluster.url(database: try cluster.createDatabase().lastPathComponent, password: nil)
            environment["PGPASSFILE"] = try Pipeline.passwordFile(for: cluster)
            environment["XDG_STATE_HOME"] = folder.file("state")
        } else {
            database = folder.file("state/tidings.sqlite")
        }
        let asked = emergencyDaily && !text.contains("[daily]") && !text.contains("[[sources]]")
        config = try folder.write((asked ? "[daily]\nenabled = true\n" : "") + text, to: "config.toml")
        environment.merge(["TZ": zone, "TIDINGS_DB": database, "TIDINGS_CONFIG": config]) { $1 }
        runner = ProgramRunner(environment: environment)
    }

    /// Stores `count` pending items due at `now` and the `spacing` before it (`load:0`, …),
    /// none expiring within the hour, as `plan` would have: the load for deliver tests.
    func seedDueItems(_ count: Int, at now: EpochMillis, spacing: Int64) throws {
        let items = (0..<count).map { n in
            NotificationRecord(
                id: "load:\(n)", kind: .daily, category: .system, title: "Item \(n)", body: "Body", deepLink: nil,
                dueAt: now - Int64(n) * spacing, plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: now - 3_600_000, expiresAt: now + 3_600_000, now: now - 3_600_000)
        }
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        _ = try TidingsDatabase(path: database).applyPlan(items, now: now - 3_600_000)
    }

    /// Where the programs keep this machine's own files of the store (lock files, the
    /// wake-up, the heartbeat): beside the database file, or on PostgreSQL under the stem in
    /// `XDG_STATE_HOME`.
    var localStem: String { Pipeline.engine == .postgresql ? folder.file("state") + "/tidings/postgresql" : database }

    /// What the store keeps, as bytes, for the tests that scan it for a secret: the database
    /// file and its WAL, or on PostgreSQL a dump of every row of its database.
    func storedBytes() throws -> [(name: String, bytes: Data)] {
        if Pipeline.engine == .postgresql {
            let name = (database.split(separator: "/").last).map(String.init) ?? database
            return [("the PostgreSQL database \(name)", try PostgresTestCluster.shared().dump(database: name))]
        }
        return ["", "-wal"].compactMap { suffix in FileManager.default.contents(atPath: database + suffix).map { ("the database\(suffix)", $0) } }
    }

    /// How a program that creates nothing says there is no store yet.
    var missingStore: String { Pipeline.engine == .postgresql ? "no Tidings store in " : "no database at " }

    /// Runs `program` with `arguments` and returns its result.
    func run(_ program: String, _ arguments: String..., prefix: [String] = []) async throws -> ProgramResult {
        try await runner.run(program, arguments, prefix: prefix)
    }

    /// Runs `program` and requires exit status 0, returning standard output.
    @discardableResult
    func succeed(_ program: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await runner.run(program, arguments)
        #expect(result.status == 0, "\(program) \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

extension Pipeline {
    /// The store engine the end-to-end tests run on: SQLite, or with
    /// `TIDINGS_TEST_ENGINE=postgresql` (the second pass of scripts/test) a database of its
    /// own on the test cluster for each pipeline, named in `TIDINGS_DB`.
    enum Engine { case sqlite, postgresql }

    /// The password file of the test cluster's role, written once, and named in this
    /// process's `PGPASSFILE` too, so that the tests' own opens of a pipeline's store find it.
    static func passwordFile(for cluster: PostgresTestCluster) throws -> String {
        let file = cluster.folder + "/pgpass"
        if access(file, R_OK) != 0 {
            let temporary = file + ".tmp-\(getpid())"
            try "127.0.0.1:\(cluster.port):*:\(cluster.role):\(cluster.password)\n".write(toFile: temporary, atomically: false, encoding: .utf8)
            chmod(temporary, 0o600)
            rename(temporary, file)
        }
        setenv("PGPASSFILE", file, 1)
        return file
    }

    static let engine: Engine = ProcessInfo.processInfo.environment["TIDINGS_TEST_ENGINE"] == "postgresql" ? .postgresql : .sqlite
}

/// A JSON object from a program's output.
struct JSONObject {
    let fields: [String: Any]

    init(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
        fields = try #require(value as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
    }

    subscript(key: String) -> Any? { fields[key] }
    func string(_ key: String) -> String? { fields[key] as? String }
    func double(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
    func bool(_ key: String) -> Bool? { fields[key] as? Bool }
    func isNull(_ key: String) -> Bool { fields[key] is NSNull }
    func object(_ key: String) -> JSONObject? { (fields[key] as? [String: Any]).map(JSONObject.init(fields:)) }

    init(fields: [String: Any]) { self.fields = fields }

    /// Each line of `text` as an object.
    static func lines(_ text: String) throws -> [JSONObject] {
        try text.split(separator: "\n").map { try JSONObject(String($0)) }
    }

    /// A JSON array of objects.
    static func array(_ text: String) throws -> [JSONObject] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let array = try #require(value as? [[String: Any]], "not a JSON array of objects: \(text)")
        return array.map(JSONObject.init(fields:))
    }
}

/// Content feed bodies for tests.
enum Feed {
    static func item(id: String, title: String, body: String, scheduled: String = "2026-01-01T00:00:00Z", extra: String = "") -> String {
        let scheduledMillis = Int64((ISO8601DateFormatter().date(from: scheduled)?.timeIntervalSince1970 ?? 0) * 1000)
        return #"{"id":"\#(id)","title":"\#(title)","body":"\#(body)","scheduledTime":\#(scheduledMillis)\#(extra)}"#
    }

    static func list(_ items: String...) -> String {
        #"{"version":1,"items":[\#(items.joined(separator: ","))]}"#
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test of the SQLite file itself (its pages and -wal, its permissions, its
    /// reserve, a full disk under it, a copy of it) or of a machine with no network at all:
    /// it runs in the SQLite pass, and the PostgreSQL pass names it as left out.
    static var sqliteFileOnly: Self {
        .enabled(if: Pipeline.engine == .sqlite, "a test of the SQLite file itself: the PostgreSQL pass leaves it out")
    }
}
