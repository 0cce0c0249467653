import Foundation
import Testing
import TidingsTestSupport

/// Nag until seen on more channels: a click on the desktop's popup after a repeat stops it
/// (one tap recorded, by the waiter of the copy shown last), and a meeting reminder that nags
/// by `[nag]` edits its Discord message in place and stops at the meeting's start (its expiry).
@Suite(.serialized) struct NagChannelsEndToEndTests {
    @Test("A click on the repeated popup is one tap, and the reminder stops nagging everywhere")
    func desktopTapStops() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        var pipeline = try Pipeline(config: NagEndToEndTests.config(server.baseURL))
        pipeline.runner.environment.merge(session.environment) { $1 }
        let id = try await NagEndToEndTests().add(pipeline, ["--nag", "5m", "--channel", "desktop", "--channel", "webhook:phone"])
        _ = try await NagEndToEndTests().deliver(pipeline, at: "08:00")
        let repeated = try await NagEndToEndTests().deliver(pipeline, at: "08:05")
        #expect(repeated.contains("2 repeated"), "\(repeated)")

        // When: the user clicks the popup (the copy the repeat replaced it with).
        _ = try await session.dunstctl(["action", "0"])
        var tapped: Int?
        try await waitUntil(step: .milliseconds(100)) {
            let report = try JSONObject(
                try await pipeline.succeed(
                    "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00", "--now", "2026-11-23T09:00"))
            tapped = report.object("counts")?.int("tapped").flatMap { $0 > 0 ? $0 : nil }
            return tapped != nil
        }
        #expect(tapped == 1)

        // Then: no more repeats, on either channel.
        let after = try await NagEndToEndTests().deliver(pipeline, at: "08:10")
        #expect(!after.contains("repeated"), "\(after)")
        #expect(server.requests.map { $0.header("Idempotency-Key") } == [id, "\(id)!1"])
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00", "--now", "2026-11-23T09:00"))
        #expect(report.double("engagementRate") == 1.0)
    }

    @Test("A meeting reminder that nags by [nag] edits its Discord message in place, and no repeat goes at or after the meeting's start")
    func discordEditsUntilExpiry() async throws {
        let server = try HTTPTestServer { request in
            request.method == "PATCH" || request.method == "POST"
                ? .text(#"{"id":"1190000000000000001","type":0}"#) : TestHTTPResponse(status: 204)
        }
        defer { server.stop() }
        let config = DiscordEditEndToEndTests.config(server.baseURL) + "\n\n[nag]\nmeeting = \"2m\"\ntimes = 10\n"
        let pipeline = try Pipeline(config: config)
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        for time in ["08:50", "08:52", "08:54", "08:56", "08:58", "09:00", "09:02"] {
            let run = try await pipeline.run("deliver", "--channel", "webhook:team", "--now", "2026-11-23T\(time)")
            #expect(run.status == 0, "\(run.stderr)")
        }
        let requests = server.requests.map { "\($0.method) \($0.path)" }
        let edit = "PATCH /api/webhooks/1/abc/messages/1190000000000000001"
        #expect(requests == ["POST /api/webhooks/1/abc?wait=true", edit, edit, edit, edit], "\(requests)")
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00", "--now", "2026-11-23T10:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        #expect(report.object("counts")?.int("nagRepeats") == 4)
    }
}
