import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// CalDAV sources against a real Radicale on loopback: discovery from the server's URL or one
/// calendar's, a time-ranged first read, sync tokens afterwards, a refused login that keeps the
/// last good copy, and a login never sent to a host the server names.
@Suite struct CalDAVFetchTests {
    static let now = TestClock.at("2026-11-30T06:00:00Z")

    static func event(_ uid: String, _ start: String, _ summary: String, extra: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:\(start)\r\nDURATION:PT30M\r\nSUMMARY:\(summary)\r\n\(extra)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// A fetcher keeping CalDAV states in `folder`, and what it fetches recorded in a database.
    struct Fixture {
        let server: RadicaleServer
        let directory: TemporaryDirectory
        let database: TidingsDatabase
        let states: CalDAVStateFolder

        init() async throws {
            server = try await RadicaleServer.start(users: ["alice": "app-password-1", "bob": "other-password"])
            directory = try TemporaryDirectory()
            database = try directory.database()
            states = CalDAVStateFolder(folder: directory.file("caldav"))
            _ = try directory.write("app-password-1\n", to: "password")
        }

        func source(_ path: String = "/", password: String = "password", calendars: [String] = []) -> TidingsConfig.Source {
            var source = TidingsConfig.Source(name: "work", type: .caldav, url: server.url + path)
            source.login = .basic(username: "alice", password: .file(directory.file(password)))
            source.calendars = calendars
            return source
        }

        /// Fetches `source` and records it as prefetch does.
        @discardableResult
        func fetch(_ source: TidingsConfig.Source, now: EpochMillis = CalDAVFetchTests.now) throws -> FetchResult {
            var fetcher = SourceFetcher(client: try HTTPClient())
            fetcher.caldavStates = states
            let result = fetcher.fetch(source, state: try database.sourceStates()[source.name], now: now, budget: 60_000)
            try database.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
            return result
        }

        /// The UIDs and summaries of the calendar kept for `source`.
        func kept(_ name: String = "work") throws -> String {
            try database.cachedCalendars().first { $0.source == name }?.text ?? ""
        }
    }

    @Test("from the server's URL: every calendar of events found, read over the window, kept as one calendar")
    func discovery() async throws {
        let fixture = try await Fixture()
        let server = fixture.server
        try server.makeCalendar("/alice/work/", name: "Work")
        try server.makeCalendar("/alice/home/", name: "Home")
        try server.put("/alice/work/standup.ics", ics: Self.event("standup", "20261130T090000Z", "Standup", extra: "RRULE:FREQ=DAILY\r\n"))
        try server.put("/alice/home/dentist.ics", ics: Self.event("dentist", "20261201T150000Z", "Dentist"))
        try server.put("/alice/work/old.ics", ics: Self.event("old", "20250101T090000Z", "Long ago"))
        try server.makeCalendar("/bob/private/", name: "Bob's", user: "bob")
        try server.put("/bob/private/secret.ics", ics: Self.event("secret", "20261130T100000Z", "Not alice's"), user: "bob")

        let result = try fixture.fetch(fixture.source())
        #expect(result.attempt.outcome == .ok, "\(result.attempt.reason ?? "")")
        let text = try fixture.kept()
        #expect(text.contains("UID:standup") && text.contains("UID:dentist"))
        #expect(!text.contains("UID:old"), "an event outside the window is not asked for")
        #expect(!text.contains("UID:secret"))
        let state = try #require(fixture.states.syncState(of: "work"))
        #expect(state.calendars.map(\.name).sorted() == ["Home", "Work"])
        #expect(state.calendars.allSatisfy { $0.syncToken != nil })

        // One calendar by name, or one collection's own URL.
        let only = try fixture.fetch(fixture.source(calendars: ["Home"]))
        #expect(only.attempt.outcome == .ok)
        #expect(try fixture.kept().contains("UID:dentist") && !fixture.kept().contains("UID:standup"))
        let collection = try fixture.fetch(fixture.source("/alice/work/"))
        #expect(collection.attempt.outcome == .ok)
        #expect(try fixture.kept().contains("UID:standup") && !fixture.kept().contains("UID:dentist"))
        let none = try fixture.fetch(fixture.source(calendars: ["Holidays"]))
        #expect(none.attempt.outcome == .invalid)
        #expect(none.attempt.reason?.contains("no calendar of events named \"Holidays\"") == true, "\(none.attempt.reason ?? "")")
    }

    @Test("an unchanged calendar costs one small request; a change, a new event and a deletion come by the sync token")
    func sync() async throws {
        let fixture = try await Fixture()
        let server = fixture.server
        try server.makeCalendar("/alice/work/", name: "Work")
        for index in 0..<40 {
            try server.put("/alice/work/e\(index).ics", ics: Self.event("e\(index)", "20261201T\(10 + index % 8)0000Z", "Meeting \(index)"))
        }
        let first = try fixture.fetch(fixture.source())
        #expect(first.attempt.outcome == .ok)
        let afterFirst = server.requests().count

        let unchanged = try fixture.fetch(fixture.source(), now: Self.now + 15 * 60_000)
        #expect(unchanged.attempt.outcome == .notModified)
        #expect(server.requests().dropFirst(afterFirst) == ["REPORT /alice/work/"])
        #expect(unchanged.attempt.bytes < 400, "an unchanged poll transfers \(unchanged.attempt.bytes) bytes")

        try server.put("/alice/work/e3.ics", ics: Self.event("e3", "20261201T130000Z", "Moved meeting"))
        try server.put("/alice/work/new.ics", ics: Self.event("new", "20261202T090000Z", "New meeting"))
        try server.delete("/alice/work/e5.ics")
        let before = server.requests().count
        let changed = try fixture.fetch(fixture.source(), now: Self.now + 30 * 60_000)
        #expect(changed.attempt.outcome == .ok)
        #expect(server.requests().dropFirst(before) == ["REPORT /alice/work/"])
        #expect(changed.note?.contains("changes synced") == true, "\(changed.note ?? "")")
        let text = try fixture.kept()
        #expect(text.contains("SUMMARY:Moved meeting") && text.contains("UID:new") && !text.contains("UID:e5\r"))
        #expect(!text.contains("SUMMARY:Meeting 3\r"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 40)
        #expect(fixture.states.syncState(of: "work")?.calendars.first?.eventCount == 40)
    }

    @Test("a state lost or a token the server no longer takes: read again in full, nothing lost")
    func startsAfresh() async throws {
        let fixture = try await Fixture()
        try fixture.server.makeCalendar("/alice/work/", name: "Work")
        try fixture.server.put("/alice/work/a.ics", ics: Self.event("a", "20261201T090000Z", "A"))
        try fixture.fetch(fixture.source())
        var state = try #require(fixture.states.syncState(of: "work"))
        state.calendars[0].syncToken = "http://radicale.org/ns/sync/" + String(repeating: "0", count: 64)
        fixture.states.store(state, events: nil, for: "work")
        try fixture.server.put("/alice/work/b.ics", ics: Self.event("b", "20261201T100000Z", "B"))
        let refreshed = try fixture.fetch(fixture.source(), now: Self.now + 60_000)
        #expect(refreshed.attempt.outcome == .ok, "\(refreshed.attempt.reason ?? "")")
        #expect(try fixture.kept().contains("UID:a") && fixture.kept().contains("UID:b"))
        let token = fixture.states.syncState(of: "work")?.calendars.first?.syncToken
        #expect(token != nil && token != state.calendars[0].syncToken, "a fresh token replaces the refused one")
        let before = fixture.server.requests().count
        #expect(try fixture.fetch(fixture.source(), now: Self.now + 90_000).attempt.outcome == .notModified)
        #expect(fixture.server.requests().count == before + 1)

        try FileManager.default.removeItem(atPath: fixture.directory.file("caldav"))
        let again = try fixture.fetch(fixture.source(), now: Self.now + 120_000)
        #expect(again.attempt.outcome == .ok)
        #expect(try fixture.kept().contains("UID:a") && fixture.kept().contains("UID:b"))
    }

    @Test("a calendar deleted on the server: the calendars are found afresh at the next poll")
    func calendarDeleted() async throws {
        let fixture = try await Fixture()
        try fixture.server.makeCalendar("/alice/work/", name: "Work")
        try fixture.server.makeCalendar("/alice/home/", name: "Home")
        try fixture.server.put("/alice/work/a.ics", ics: Self.event("a", "20261201T090000Z", "A"))
        try fixture.server.put("/alice/home/b.ics", ics: Self.event("b", "20261201T100000Z", "B"))
        try fixture.fetch(fixture.source())
        #expect(try fixture.kept().contains("UID:b"))
        try fixture.server.delete("/alice/home/")
        let after = try fixture.fetch(fixture.source(), now: Self.now + 15 * 60_000)
        #expect(after.attempt.outcome == .ok, "\(after.attempt.reason ?? "")")
        #expect(try fixture.kept().contains("UID:a") && !fixture.kept().contains("UID:b"))
        #expect(fixture.states.syncState(of: "work")?.calendars.map(\.name) == ["Work"])
    }

    @Test("a wrong password is a clear error without the password, and the last good copy stays")
    func wrongPassword() async throws {
        let fixture = try await Fixture()
        try fixture.server.makeCalendar("/alice/work/", name: "Work")
        try fixture.server.put("/alice/work/a.ics", ics: Self.event("a", "20261201T090000Z", "A"))
        try fixture.fetch(fixture.source())
        _ = try fixture.directory.write("wrong-password-77\n", to: "wrong")
        for now in [Self.now + 60_000, Self.now + 2 * 86_400_000] {  // by sync token, and discovering afresh
            let refused = try fixture.fetch(fixture.source(password: "wrong"), now: now)
            #expect(refused.attempt.outcome == .httpStatus && refused.attempt.httpStatus == 401)
            let reason = refused.attempt.reason ?? ""
            #expect(reason.contains("HTTP 401: the server refused the login (check the username and the app password)"), "\(reason)")
            #expect(!reason.contains("wrong-password-77"))
            if case .keep = refused.update {} else { Issue.record("the last good copy was not kept") }
            #expect(try fixture.kept().contains("UID:a"))
        }
    }

    @Test("a second server (Xandikos): found from its root, changes fetched by multiget, a deletion synced")
    func secondServer() async throws {
        let server = try await XandikosServer.start()
        try server.put("standup.ics", ics: Self.event("standup", "20261130T090000Z", "Standup", extra: "RRULE:FREQ=DAILY\r\n"))
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        var fetcher = SourceFetcher(client: try HTTPClient())
        fetcher.caldavStates = CalDAVStateFolder(folder: directory.file("caldav"))
        let source = TidingsConfig.Source(name: "x", type: .caldav, url: server.url + "/")
        func fetch(_ minutes: Int64) throws -> FetchResult {
            let result = fetcher.fetch(source, state: try database.sourceStates()["x"], now: Self.now + minutes * 60_000, budget: 60_000)
            try database.recordFetch(url: source.url, attempt: result.attempt, update: result.update)
            return result
        }
        func kept() throws -> String { try database.cachedCalendars().first?.text ?? "" }
        #expect(try fetch(0).attempt.outcome == .ok)
        #expect(try kept().contains("UID:standup"))
        #expect(try fetch(15).attempt.outcome == .notModified)
        try server.put("review.ics", ics: Self.event("review", "20261201T130000Z", "Review"))
        let added = try fetch(30)
        #expect(added.attempt.outcome == .ok && added.note?.contains("changes synced") == true, "\(added.note ?? "")")
        #expect(try kept().contains("UID:review") && kept().contains("UID:standup"))
        try server.delete("standup.ics")
        #expect(try fetch(45).attempt.outcome == .ok)
        #expect(try kept().contains("UID:review") && !kept().contains("UID:standup"))
    }

    @Test("a server naming a calendar home on another host gets no login sent there")
    func otherHost() throws {
        let elsewhere = Mutex<[String]>([])
        let other = try HTTPTestServer { request in
            elsewhere.withLock { $0.append(request.headers["authorization"] ?? "none") }
            return TestHTTPResponse(status: 207, body: Array("<multistatus xmlns=\"DAV:\"/>".utf8))
        }
        defer { other.stop() }
        let hostile = try HTTPTestServer { request in
            let body = """
                <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/</href><propstat><prop>\
                <C:calendar-home-set><href>\(other.baseURL)/home/</href></C:calendar-home-set>\
                </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
                """
            return TestHTTPResponse(status: 207, body: Array(body.utf8))
        }
        defer { hostile.stop() }
        let directory = try TemporaryDirectory()
        var source = TidingsConfig.Source(name: "work", type: .caldav, url: hostile.baseURL + "/")
        source.login = .basic(username: "alice", password: .file(try directory.write("pw-1234567", to: "pw")))
        let result = SourceFetcher(client: try HTTPClient()).fetch(source, state: nil, now: Self.now, budget: 60_000)
        #expect(result.attempt.outcome == .invalid)
        #expect(result.attempt.reason?.contains("names a calendar home on another host") == true, "\(result.attempt.reason ?? "")")
        #expect(elsewhere.withLock { $0 }.isEmpty)
    }

    @Test("an answer that is not WebDAV XML is invalid, named, and keeps the last good copy")
    func notXML() throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 207, body: Array("<html><body>login</body>".utf8)) }
        defer { server.stop() }
        let source = TidingsConfig.Source(name: "work", type: .caldav, url: server.baseURL + "/dav/")
        let result = SourceFetcher(client: try HTTPClient()).fetch(source, state: nil, now: Self.now, budget: 60_000)
        #expect(result.attempt.outcome == .invalid)
        #expect(result.attempt.reason?.contains("PROPFIND \(server.baseURL)/dav/: the server's answer is not valid WebDAV XML") == true)
        if case .keep = result.update {} else { Issue.record("the last good copy was not kept") }
    }
}
