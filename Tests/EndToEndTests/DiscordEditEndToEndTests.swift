import Foundation
import Testing
import TidingsTestSupport

/// Discord's message edits through the built programs: a meeting reminder is posted, edited
/// when the meeting moves and deleted when the meeting is removed, against a receiver on
/// 127.0.0.1 that answers as Discord's webhook API does.
@Suite struct DiscordEditEndToEndTests {
    static func config(_ url: String) -> String {
        CalendarEndToEndTests.config + """

            [[webhooks]]
            name = "team"
            url = "\(url)/api/webhooks/1/abc"
            format = "discord"
            """
    }

    @Test("A reminder is posted, edited in place when the meeting moves, and deleted when it is removed")
    func postEditDelete() async throws {
        let server = try HTTPTestServer { request in
            switch request.method {
            case "POST": .text(#"{"id":"1190000000000000001","type":0}"#)
            case "PATCH": .text(#"{"id":"1190000000000000001","type":0}"#)
            default: TestHTTPResponse(status: 204)
            }
        }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        func deliver(at now: String) async throws -> String {
            let run = try await pipeline.run("deliver", "--channel", "webhook:team", "--now", now, "-v")
            #expect(run.status == 0, "\(run.stderr)")
            return run.stderr
        }
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        _ = try await deliver(at: "2026-11-23T08:50")

        let moved = CalendarEndToEndTests.standup
            .replacingOccurrences(of: "T090000", with: "T110000").replacingOccurrences(of: "T100000", with: "T120000")
        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:55")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:55")
        _ = try await deliver(at: "2026-11-23T10:50")

        try pipeline.folder.write(CalendarEndToEndTests.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T10:52")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T10:52", "-v")
        #expect(plan.stderr.contains("1 delivered to clear"), "\(plan.stderr)")
        let cleared = try await deliver(at: "2026-11-23T10:53")
        #expect(cleared.contains("1 cleared"), "\(cleared)")
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:54")
        _ = try await deliver(at: "2026-11-23T10:55")

        let requests = server.requests
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "POST /api/webhooks/1/abc?wait=true",
                "PATCH /api/webhooks/1/abc/messages/1190000000000000001",
                "DELETE /api/webhooks/1/abc/messages/1190000000000000001",
            ])
        let edited = try JSONObject(String(decoding: try #require(requests.dropFirst().first).body, as: UTF8.self))
        #expect(edited.string("content")?.contains("Starts at 11:00") == true, "\(edited)")
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
    }
}
