import Foundation
import Testing
import TidingsTestSupport

/// What an ntfy message holds besides the text: a body for an item that has none, the
/// webhook's own tags, Join for a meeting.
@Suite struct NtfyDetailsEndToEndTests {
    @Test("ntfy: a reminder without a body sends its time, tagged with the webhook's own words")
    func titleOnly() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [[webhooks]]
                name = "phone"
                url = "\(server.baseURL)/alerts"
                format = "ntfy"
                tags = ["laptop", "home"]
                """)
        try await pipeline.succeed("tidings", "add", "Stretch", "--in", "25m", "--channel", "webhook:phone", "--now", "2026-11-23T10:00")
        try await pipeline.succeed("deliver", "--channel", "webhook:phone", "--now", "2026-11-23T10:25")
        let request = try #require(server.requests.first)
        #expect(String(decoding: request.body, as: UTF8.self) == "10:25")
        #expect(request.header("Title") == "Stretch")
        #expect(request.header("Tags") == "laptop,home")
    }
}
