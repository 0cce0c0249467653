import Foundation
import Testing
import TidingsTestSupport

/// What an ntfy message holds besides the text: a body for an item that has none, the
/// webhook's own tags, priority, icon, Markdown and click, Join for a meeting.
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

    @Test("ntfy: the webhook's priority per category, icon, Markdown and click arrive as headers; the item's own link wins over click")
    func look() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [[webhooks]]
                name = "phone"
                url = "\(server.baseURL)/alerts"
                format = "ntfy"
                priority = { marketing = 1, transactional = 4 }
                icon = "https://example.org/tidings.png"
                markdown = true
                click = "https://example.org/tidings"
                """)
        let now = "2026-11-23T10:00"
        try await pipeline.succeed("tidings", "add", "Sale", "--in", "20m", "--category", "marketing", "--channel", "webhook:phone", "--now", now)
        try await pipeline.succeed(
            "tidings", "add", "Read this", "--in", "25m", "--link", "https://example.com/article", "--channel", "webhook:phone", "--now", now)
        try await pipeline.succeed("deliver", "--channel", "webhook:phone", "--now", "2026-11-23T10:25")
        #expect(server.requests.count == 2)
        let sale = try #require(server.requests.first { $0.header("Title") == "Sale" })
        #expect(sale.header("Priority") == "1")
        #expect(sale.header("Icon") == "https://example.org/tidings.png")
        #expect(sale.header("Markdown") == "yes")
        #expect(sale.header("Click") == "https://example.org/tidings")
        #expect(sale.header("Actions") == nil)
        let read = try #require(server.requests.first { $0.header("Title") == "Read this" })
        // A system item: the table does not name it, so it keeps the default.
        #expect(read.header("Priority") == "3")
        #expect(read.header("Click") == "https://example.com/article")
        #expect(read.header("Markdown") == "yes")
    }
}
