import Foundation
import Testing
import TidingsTestSupport

/// A meeting reminder that went out, then moved (its update still waiting), then cancelled
/// before the update was sent: what the phone or the chat shows is taken back.
@Suite struct ClearMovedEndToEndTests {
    static let moved = CalendarEndToEndTests.standup
        .replacingOccurrences(of: "T090000", with: "T110000").replacingOccurrences(of: "T100000", with: "T120000")

    /// Delivers the 09:00 reminder at 08:50, moves the meeting to 11:00 at 08:55 (the update
    /// waits for 10:50), removes it at 09:05, and delivers at 09:06; returns plan's and
    /// deliver's talk of the last two runs.
    static func moveThenCancel(_ pipeline: Pipeline, channel: String) async throws -> (plan: String, deliver: String) {
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("deliver", "--channel", channel, "--now", "2026-11-23T08:50")

        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:55")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:55")
        let waiting = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-23T08:56")
        #expect(waiting.contains("10:50"), "the update waits: \(waiting)")

        try pipeline.folder.write(CalendarEndToEndTests.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T09:05")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T09:05", "-v")
        #expect(plan.status == 0, "\(plan.stderr)")
        let deliver = try await pipeline.run("deliver", "--channel", channel, "--now", "2026-11-23T09:06", "-v")
        #expect(deliver.status == 0, "\(deliver.stderr)")
        // Later runs neither clear again nor send the cancelled update.
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:45")
        try await pipeline.succeed("deliver", "--channel", channel, "--now", "2026-11-23T10:50")
        return (plan.stderr, deliver.stderr)
    }

    @Test("ntfy: the first version is deleted from the phone, under its sequence id, and nothing else is sent")
    func ntfy() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: NtfySequenceEndToEndTests.config(server.baseURL))
        let talk = try await Self.moveThenCancel(pipeline, channel: "webhook:phone")
        #expect(talk.plan.contains("1 delivered to clear"), "\(talk.plan)")
        #expect(talk.deliver.contains("1 cleared"), "\(talk.deliver)")
        let requests = server.requests
        try #require(requests.count == 2, "\(requests.map { "\($0.method) \($0.path)" })")
        let sequence = try #require(requests[0].header("X-Sequence-ID"))
        #expect(requests.map(\.method) == ["POST", "DELETE"])
        #expect(requests[1].path == "/meetings/\(sequence)")
        #expect(requests[0].header("Tags") == "calendar")
        #expect(requests[0].header("Actions")?.hasPrefix("view, Join, ") == true, "\(requests[0].header("Actions") ?? "")")
    }

    @Test("Discord: the posted message is deleted, and nothing else is sent")
    func discord() async throws {
        let server = try HTTPTestServer { request in
            request.method == "POST" ? .text(#"{"id":"1190000000000000001","type":0}"#) : TestHTTPResponse(status: 204)
        }
        defer { server.stop() }
        let pipeline = try Pipeline(config: DiscordEditEndToEndTests.config(server.baseURL))
        let talk = try await Self.moveThenCancel(pipeline, channel: "webhook:team")
        #expect(talk.plan.contains("1 delivered to clear"), "\(talk.plan)")
        #expect(talk.deliver.contains("1 cleared"), "\(talk.deliver)")
        #expect(
            server.requests.map { "\($0.method) \($0.path)" } == [
                "POST /api/webhooks/1/abc?wait=true",
                "DELETE /api/webhooks/1/abc/messages/1190000000000000001",
            ])
    }
}
