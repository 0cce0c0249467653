import Foundation
import Testing
import TidingsTestSupport

/// prefetch from a real HTTPS server with a private CA: a pinned key that matches passes, one
/// that does not is a failed fetch that names the pin and keeps the last good content.
@Suite struct TLSPinningEndToEndTests {
    static func config(_ server: TLSTestServer, pins: [String]?) -> String {
        var text = """
            [[sources]]
            name = "secure"
            url = "\(server.baseURL)/today.json"
            ca_file = "\(server.certificate)"
            timeout = "5s"
            """
        if let pins { text += "\npinned_public_keys = [\(pins.map { "\"\($0)\"" }.joined(separator: ", "))]" }
        return text + "\n"
    }

    @Test("the matching pin fetches; a wrong one fails naming the pin, and the cache keeps the last good content")
    func pinning() async throws {
        let server = try TLSTestServer(body: Feed.item(id: "a", title: "Pinned", body: "Over TLS", scheduled: "2026-11-22T06:00:00Z"))
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server, pins: [server.pin]))
        let ok = try await pipeline.run("prefetch", "--now", "2026-11-22T06:00")
        #expect(ok.status == 0)
        #expect(ok.stderr.isEmpty, "\(ok.stderr)")

        let wrong = "sha256//" + String(repeating: "B", count: 43) + "="
        try pipeline.folder.write(Self.config(server, pins: [wrong]), to: "config.toml")
        let refused = try await pipeline.run("prefetch", "--now", "2026-11-22T07:00")
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("the server's public key matches no pinned key"), "\(refused.stderr)")

        let log = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "prefetch", "--format", "json"))
        #expect(log.map { $0.string("summary") ?? "" } == ["1 source: 1 network", "1 source: 1 ok"])
        let plan = try await pipeline.succeed("plan", "--now", "2026-11-22T07:00", "--format", "json")
        #expect(plan.contains("Pinned"), "the content fetched under the matching pin is still served")
    }
}
