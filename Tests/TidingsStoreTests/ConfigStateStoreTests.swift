import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The last good config of a file, and the error it has now, told once.
@Suite struct ConfigStateStoreTests {
    static func notice(_ id: String, at now: EpochMillis) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .notice, category: .system, title: "Tidings config error", body: "line 2", deepLink: nil, dueAt: now,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: now)
    }

    @Test("the text is kept when it changes only: the same text writes nothing and keeps its time")
    func keep() throws {
        // The folder lives as long as the test: the config's text is a file in it.
        let folder = try TemporaryDirectory()
        let db = try folder.database()
        defer { withExtendedLifetime(folder) {} }
        #expect(try db.lastGoodConfig(path: "/c.toml") == nil)
        #expect(try db.keepLastGoodConfig(path: "/c.toml", text: "a = 1\n", now: 10))
        #expect(try !db.keepLastGoodConfig(path: "/c.toml", text: "a = 1\n", now: 20))
        #expect(try db.lastGoodConfig(path: "/c.toml") == LastGoodConfig(path: "/c.toml", text: "a = 1\n", loadedAt: 10))
        #expect(try db.keepLastGoodConfig(path: "/c.toml", text: "a = 2\n", now: 30))
        #expect(try db.lastGoodConfig(path: "/c.toml") == LastGoodConfig(path: "/c.toml", text: "a = 2\n", loadedAt: 30))
        #expect(try db.lastGoodConfig(path: "/other.toml") == nil)
    }

    @Test("an error is recorded and its notice stored once; a fix forgets it")
    func error() throws {
        // The folder lives as long as the test: the config's text is a file in it.
        let folder = try TemporaryDirectory()
        let db = try folder.database()
        defer { withExtendedLifetime(folder) {} }
        // No last good config: nothing to record against.
        #expect(try !db.recordConfigError(path: "/c.toml", message: "e1", notice: Self.notice("n1", at: 5), now: 5))
        try db.keepLastGoodConfig(path: "/c.toml", text: "a = 1\n", now: 10)
        #expect(try db.recordConfigError(path: "/c.toml", message: "e1", notice: Self.notice("n1", at: 20), now: 20))
        #expect(try !db.recordConfigError(path: "/c.toml", message: "e1", notice: Self.notice("n1", at: 21), now: 21))
        #expect(try db.recordedConfigError(path: "/c.toml")?.since == 20)
        #expect(try db.notifications(ids: ["n1"])["n1"]?.kind == .notice)
        // Another error is told too.
        #expect(try db.recordConfigError(path: "/c.toml", message: "e2", notice: Self.notice("n2", at: 30), now: 30))
        #expect(try db.recordedConfigError(path: "/c.toml") == RecordedConfigError(message: "e2", since: 30))
        // The same text loading again forgets the error but keeps its time.
        #expect(try db.keepLastGoodConfig(path: "/c.toml", text: "a = 1\n", now: 40))
        #expect(try db.recordedConfigError(path: "/c.toml") == nil)
        #expect(try db.lastGoodConfig(path: "/c.toml")?.loadedAt == 10)
    }

    @Test("the text lives in a private file beside the database, never in the database or its WAL; a lost file is written again")
    func privateFile() throws {
        // The folder lives as long as the test: the config's text is a file in it.
        let folder = try TemporaryDirectory()
        let db = try folder.database()
        defer { withExtendedLifetime(folder) {} }
        let text = "[[webhooks]]\nurl = \"https://example.org/hook?auth=tok-KEPT-OUT-93a1\"\n"
        #expect(try db.keepLastGoodConfig(path: "/c.toml", text: text, now: 10))
        let file = try #require(db.lastGoodConfigFile(path: "/c.toml"))
        #expect(file.hasPrefix(db.localStem + ".config-") && file.hasSuffix(".toml"))
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600)
        for suffix in ["", "-wal"] {
            let bytes = FileManager.default.contents(atPath: db.path + suffix) ?? Data()
            #expect(bytes.range(of: Data("tok-KEPT-OUT-93a1".utf8)) == nil, "the database\(suffix) holds the config's text")
        }
        // Lost: not a last good config any more, and the next load writes it again.
        try FileManager.default.removeItem(atPath: file)
        #expect(try db.lastGoodConfig(path: "/c.toml") == nil)
        #expect(try db.keepLastGoodConfig(path: "/c.toml", text: text, now: 20))
        #expect(try db.lastGoodConfig(path: "/c.toml") == LastGoodConfig(path: "/c.toml", text: text, loadedAt: 10))
        // Changed behind its back: the hash no longer matches, so it is not trusted.
        try "a = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try db.lastGoodConfig(path: "/c.toml") == nil)
    }
}
