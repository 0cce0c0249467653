import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

/// Content images through the built programs: prefetch mirrors, deliver shows what is there.
@Suite(.serialized) struct MediaEndToEndTests {
    /// A pipeline whose content feed points at `server`'s `/today.png`, with media attachments
    /// on, routing the daily update to `route` (an ntfy webhook at `hook` when given).
    static func pipeline(server: TLSTestServer, hook: HTTPTestServer?, route: String, publicURL: String? = "https://files.example.org/media") throws
        -> Pipeline
    {
        var config = """
            [features]
            media_attachments = true
            [media]
            ca_file = "\(server.certificate)"
            \(publicURL.map { "public_url = \"\($0)\"" } ?? "")
            [delivery]
            grace = "1d"
            [desktop]
            deadline = "10s"
            [[sources]]
            name = "news"
            url = "file:feed.json"
            [routes]
            system = ["\(route)"]

            """
        if let hook { config += "[[webhooks]]\nname = \"phone\"\nurl = \"\(hook.baseURL)/topic\"\nformat = \"ntfy\"\n" }
        let pipeline = try Pipeline(config: config)
        try pipeline.folder.write(
            Feed.list(
                Feed.item(
                    id: "1", title: "Today", body: "With a picture.", scheduled: "2026-11-22T05:00:00Z",
                    extra: #","mediaUrl":"\#(server.baseURL)/today.png""#)), to: "feed.json")
        return pipeline
    }

    static func imageServer() throws -> TLSTestServer {
        try TLSTestServer(files: ["/today.png": .init(contentType: "image/png", body: TestImages.png)])
    }

    static func mediaFile(_ pipeline: Pipeline, server: TLSTestServer) -> String {
        pipeline.folder.file("cache/tidings/media/" + MediaCache.name(for: server.baseURL + "/today.png", type: .png))
    }

    @Test("prefetch mirrors the image; deliver sends ntfy's Attach; with the file gone it sends without, touching no network")
    func ntfyWithAndWithoutTheFile() async throws {
        let server = try Self.imageServer()
        let hook = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { hook.stop() }
        let pipeline = try Self.pipeline(server: server, hook: hook, route: "webhook:phone")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        let file = Self.mediaFile(pipeline, server: server)
        #expect(FileManager.default.contents(atPath: file) == Data(TestImages.png))
        #expect(server.requestedPaths() == ["/today.png"])
        let doctor = try await pipeline.runner.run("tidings", ["doctor", "--format", "json"])
        let media = try #require(try JSONObject.array(doctor.stdout).first { $0.string("check") == "media" }, "\(doctor.stdout)")
        #expect(media.bool("ok") == true)
        #expect(media.string("detail") == pipeline.folder.file("cache/tidings/media") + ": 1 image, 69 B of 50 MiB")

        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "2d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let first = try #require(hook.requests.first)
        #expect(first.header("Title") == "Today")
        #expect(first.header("Attach") == "https://files.example.org/media/" + (file as NSString).lastPathComponent)

        // The next day's update shows the same content; its image was deleted meanwhile.
        try FileManager.default.removeItem(atPath: file)
        try await pipeline.succeed("deliver", "--now", "2026-11-23T07:30")
        #expect(hook.requests.count == 2)
        #expect(hook.requests.last?.header("Attach") == nil)
        #expect(hook.requests.last?.header("Title") == "Today")
        #expect(server.requestedPaths() == ["/today.png"], "deliver never downloads")
    }

    @Test("with the flag off prefetch downloads nothing and deliver attaches nothing")
    func flagOff() async throws {
        let server = try Self.imageServer()
        let hook = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { hook.stop() }
        var pipeline = try Self.pipeline(server: server, hook: hook, route: "webhook:phone")
        try pipeline.folder.write(
            (try String(contentsOfFile: pipeline.config, encoding: .utf8)).replacingOccurrences(of: "media_attachments = true", with: ""),
            to: "config.toml")
        pipeline.runner.environment["TIDINGS_CONFIG"] = pipeline.config
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(server.requestedPaths().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: pipeline.folder.file("cache/tidings/media")))
        #expect(hook.requests.count == 1)
        #expect(hook.requests.first?.header("Attach") == nil)
    }

    @Test("a refused image is a warning: prefetch exits 0 and the content is planned")
    func refusedImage() async throws {
        let server = try TLSTestServer(files: ["/today.png": .init(contentType: "text/html", body: Array("<html></html>".utf8))])
        let pipeline = try Self.pipeline(server: server, hook: nil, route: "inbox")
        let result = try await pipeline.run("prefetch", "--now", "2026-11-22T06:00")
        #expect(result.status == 0)
        #expect(result.stderr.contains("prefetch: warning: media \(server.baseURL)/today.png: not an image: Content-Type \"text/html\""))
        let log = try await pipeline.succeed("tidings", "log", "--stage", "prefetch")
        #expect(log.contains("media: 0 stored, 0 cached, 1 refused, 0 evicted"))
        let plan = try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d", "--dry-run")
        #expect(plan.contains("Today"))
    }

    @Test("the desktop popup carries the cached image (dunst keeps its path)")
    func desktopImage() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let server = try Self.imageServer()
        var pipeline = try Self.pipeline(server: server, hook: nil, route: "desktop", publicURL: nil)
        pipeline.runner.environment.merge(session.environment) { $1 }
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        _ = try await session.dunstctl(["action", "0"])
        var history = ""
        try await waitUntil(step: .milliseconds(100)) {
            history = try await session.dunstctl(["history"])
            return history.contains("Today")
        }
        #expect(history.contains(Self.mediaFile(pipeline, server: server)))
    }

    @Test("tidings purge deletes the media folder with the database", .sqliteFileOnly)
    func purge() async throws {
        let server = try Self.imageServer()
        let pipeline = try Self.pipeline(server: server, hook: nil, route: "inbox")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        #expect(FileManager.default.fileExists(atPath: Self.mediaFile(pipeline, server: server)))
        let output = try await pipeline.succeed("tidings", "purge", "--yes")
        #expect(output.contains("Deleted \(pipeline.folder.file("cache/tidings/media"))"))
        #expect(!FileManager.default.fileExists(atPath: pipeline.folder.file("cache/tidings")))
        #expect(!FileManager.default.fileExists(atPath: pipeline.database))
    }
}
