import Foundation
import TidingsCore
import TidingsStore

/// A private folder under /tmp, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    /// Creates a new empty folder.
    public init() throws {
        var template = Array("/tmp/tidings-test-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "mkdtemp failed"])
        }
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` in the folder (making the folders `name` names) and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// A fresh database in this folder; with `TIDINGS_TEST_ENGINE=postgresql` (the second pass
    /// of the store's suites in scripts/test) a fresh database on the test cluster instead,
    /// with this folder's name for its files of this machine (`localStem`).
    public func database(_ name: String = "tidings.sqlite") throws -> TidingsDatabase {
        guard ProcessInfo.processInfo.environment["TIDINGS_TEST_ENGINE"] == "postgresql" else { return try TidingsDatabase(path: file(name)) }
        var database = try TidingsDatabase(postgres: try PostgresTestCluster.shared().createDatabase().absoluteString)
        database.localStem = file(name)
        return database
    }
}

/// Fixed instants for tests, written as people read them.
public enum TestClock {
    /// The instant `text` (ISO 8601; without an offset read in `zone`). Crashes the test on a typo.
    public static func at(_ text: String, in zone: Zone = .utc) -> EpochMillis {
        guard let instant = ISOTime.parse(text, in: zone) else {
            preconditionFailure("bad test time \(text)")
        }
        return instant
    }
}

extension Zone {
    /// UTC.
    public static let utc = Zone(TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)

    /// The zone `identifier`; crashes the test when the zone database lacks it.
    public static func named(_ identifier: String) -> Zone {
        guard let zone = Zone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
        return zone
    }
}
