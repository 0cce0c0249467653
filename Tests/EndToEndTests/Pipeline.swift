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
        database = try Pipeline.engine == .postgresql ? PostgresTestCluster.shared().createDatabase().absoluteString : folder.file("state/tidings.sqlite")
        let asked = emergencyDaily && !text.contains("[daily]") && !text.contains("[[sources]]")
        config = try folder.write((asked ? "[daily]\nenabled = true\n" : "") + text, to: "config.toml")
        runner = ProgramRunner(environment: ["TZ": zone, "TIDINGS_DB": database, "TIDINGS_CONFIG": config, "XDG_CACHE_HOME": folder.file("cache")])
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
