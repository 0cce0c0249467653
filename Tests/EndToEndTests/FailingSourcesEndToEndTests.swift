import Foundation
import Synchronization
import Testing
import TidingsTestSupport

/// A source that fails is named, with its last reason and since when it fails, by
/// `tidings doctor`, `tidings log` and the Nagios line: a real server on 127.0.0.1
/// answers 503 for one source and broken JSON for another.
@Suite struct FailingSourcesEndToEndTests {
    @Test("doctor, log and the Nagios line name each failing source, its reason and since when; a recovered source is no longer named")
    func failingSources() async throws {
        // Given three sources: one answering 503, one invalid JSON, one fine (until `news` recovers)
        let recovered = Mutex(false)
        let server = try HTTPTestServer { request in
            switch request.path {
            case "/news.json" where !recovered.withLock({ $0 }): return .text("down for maintenance", status: 503)
            case "/weather.json": return .text("{\"id\": \"w\", \"title\": ")
            default: return .text(Feed.item(id: "a", title: "Morning", body: "First edition"))
            }
        }
        defer { server.stop() }
        let pipeline = try Pipeline(
            zone: "UTC",
            config: """
                [[sources]]
                name = "news"
                url = "\(server.baseURL)/news.json"

                [[sources]]
                name = "weather"
                url = "\(server.baseURL)/weather.json"

                [[sources]]
                name = "fine"
                url = "\(server.baseURL)/fine.json"
                """)

        // When prefetch runs three times
        for time in ["2026-11-24T06:15", "2026-11-24T12:15", "2026-11-24T18:15"] {
            let result = try await pipeline.run("prefetch", "--now", time)
            #expect(result.status == 0, "\(result.stderr)")
        }

        // Then doctor has a ✗ line per failing source, with the reason and the first failure
        let doctor = try await pipeline.run("tidings", "doctor", "--now", "2026-11-24T18:30")
        let lines = doctor.stdout.split(separator: "\n").map(String.init)
        let news = try #require(lines.first { $0.hasPrefix("✗ source news") }, "\(doctor.stdout)")
        #expect(news.hasSuffix("failing since 2026-11-24 06:15 (3 attempts): HTTP 503 from \(server.baseURL)/news.json"), "\(news)")
        let weather = try #require(lines.first { $0.hasPrefix("✗ source weather") }, "\(doctor.stdout)")
        #expect(weather.contains("failing since 2026-11-24 06:15 (3 attempts): invalid content"), "\(weather)")
        #expect(!lines.contains { $0.contains("source fine") })
        let json = try JSONObject.array(try await pipeline.run("tidings", "doctor", "--format", "json", "--now", "2026-11-24T18:30").stdout)
        #expect(json.first { $0.string("check") == "source news" }?.bool("ok") == false)

        // And tidings log names them under the newest prefetch run only
        let log = try await pipeline.succeed("tidings", "log", "--stage", "prefetch")
        let logLines = log.split(separator: "\n").map(String.init)
        #expect(logLines.count == 5, "\(log)")
        #expect(logLines[0].contains("prefetch degraded"), "\(log)")
        #expect(logLines[1] == "    source \"news\" failing since 2026-11-24 06:15 (3 attempts): HTTP 503 from \(server.baseURL)/news.json")
        #expect(logLines[2].hasPrefix("    source \"weather\" failing since 2026-11-24 06:15 (3 attempts): invalid content"))
        #expect(logLines[3].hasPrefix("2026-11-24T12:15"), "\(log)")
        let logJSON = try JSONObject.lines(try await pipeline.succeed("tidings", "log", "--stage", "prefetch", "--format", "json"))
        let failing = try #require(logJSON.first?.fields["failingSources"] as? [[String: Any]])
        #expect(failing.map { $0["source"] as? String } == ["news", "weather"])
        #expect(failing.first?["since"] as? String == "2026-11-24T06:15:00+00:00")
        #expect(failing.first?["attempts"] as? Int == 3)
        #expect(failing.first?["outcome"] as? String == "http_status")
        #expect(logJSON.dropFirst().allSatisfy { $0.fields["failingSources"] == nil })

        // And the Nagios line names both, on one line
        let nagios = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-24T18:30")
        #expect(nagios.stdout.filter { $0 == "\n" }.count == 1)
        #expect(
            nagios.stdout.contains(
                "; source \"news\" failing since 2026-11-24 06:15 (3 attempts): HTTP 503 from \(server.baseURL)/news.json; source \"weather\" failing since 2026-11-24 06:15 (3 attempts): invalid content"
            ),
            "\(nagios.stdout)")

        // When news recovers at the next run
        recovered.withLock { $0 = true }
        try await pipeline.succeed("prefetch", "--now", "2026-11-25T00:15")

        // Then only weather is named, still since its first failure
        let after = try await pipeline.run("tidings", "doctor", "--now", "2026-11-25T00:30").stdout
        #expect(!after.contains("source news"), "\(after)")
        #expect(after.contains("failing since 2026-11-24 06:15 (4 attempts): invalid content"), "\(after)")
        let nagiosAfter = try await pipeline.run("report", "--format", "nagios", "--now", "2026-11-25T00:30").stdout
        #expect(!nagiosAfter.contains("\"news\""))
        #expect(nagiosAfter.contains("source \"weather\" failing since 2026-11-24 06:15 (4 attempts)"))
    }
}
