import Foundation
import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// A calendar source whose `file:` URL names a vdir folder.
@Suite struct CalendarFolderFetchTests {
    static func event(_ uid: String, _ summary: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART:20261124T090000Z\r\nDURATION:PT30M\r\n"
            + "SUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// One fetch of `source`, stored as `prefetch` stores it.
    static func fetch(_ source: TidingsConfig.Source, into db: TidingsDatabase) throws -> FetchResult {
        let result = SourceFetcher(client: try HTTPClient())
            .fetch(source, state: try db.sourceState(named: source.name), now: FetchFixture.now, budget: 60_000)
        try db.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
        return result
    }

    @Test("a folder is read as one calendar, confirmed while unchanged, read again after any change")
    func folderIsOneCalendar() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        let folder = directory.file("my calendars/work")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.event("one", "Planning").write(toFile: folder + "/one.ics", atomically: true, encoding: .utf8)
        try Self.event("two", "Review").write(toFile: folder + "/two.ics", atomically: true, encoding: .utf8)
        try Self.event("tmp", "Half written").write(toFile: folder + "/.two.ics.tmp.ics", atomically: true, encoding: .utf8)
        try "not a calendar".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let source = TidingsConfig.Source(name: "work", type: .calendar, url: SourceURL.fileURL(path: folder) + "/")

        let first = try Self.fetch(source, into: db)
        #expect(first.attempt.outcome == .ok)
        guard case .replaceCalendar(let text, let events, _, _, _) = first.update else {
            Issue.record("not a calendar: \(first.update)")
            return
        }
        #expect(events == 2)
        #expect(text.contains("Planning") && text.contains("Review") && !text.contains("Half written"))

        let again = try Self.fetch(source, into: db)
        #expect(again.attempt.outcome == .notModified)

        try Self.event("two", "Review, moved").write(toFile: folder + "/two.ics", atomically: true, encoding: .utf8)
        let changed = try Self.fetch(source, into: db)
        guard case .replaceCalendar(let newText, _, _, _, _) = changed.update else {
            Issue.record("not read again: \(changed.update)")
            return
        }
        #expect(newText.contains("Review, moved"))

        try FileManager.default.removeItem(atPath: folder + "/one.ics")
        try "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".write(toFile: folder + "/broken.ics", atomically: true, encoding: .utf8)
        let fewer = try Self.fetch(source, into: db)
        guard case .replaceCalendar(let last, let count, _, _, _) = fewer.update else {
            Issue.record("not read again: \(fewer.update)")
            return
        }
        #expect(count == 1 && !last.contains("Planning"))
        #expect(fewer.attempt.reason == "calendar read in part: file broken.ics: truncated (begin:vcalendar is never closed), skipped")
    }

    @Test("a folder that cannot be read keeps the last good calendar")
    func unreadableFolder() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("cal")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.event("one", "Planning").write(toFile: folder + "/one.ics", atomically: true, encoding: .utf8)
        let db = try directory.database()
        let source = TidingsConfig.Source(name: "work", type: .calendar, url: SourceURL.fileURL(path: folder))
        #expect(try Self.fetch(source, into: db).attempt.outcome == .ok)
        try Data(repeating: 0x41, count: 11 << 20).write(to: URL(fileURLWithPath: folder + "/huge.ics"))
        let tooLarge = try Self.fetch(source, into: db)
        #expect(tooLarge.attempt.outcome == .tooLarge)
        #expect(tooLarge.attempt.reason?.contains("larger than") == true)
        if case .keep = tooLarge.update {} else { Issue.record("the last good calendar was not kept: \(tooLarge.update)") }
    }
}
