import Foundation
import Testing
import TidingsTestSupport

/// `[[digests]]` rules through the built programs: items of a category due within the window
/// go out as one notification, each member counts as delivered through it, and planning again
/// changes nothing.
@Suite struct DigestRuleEndToEndTests {
    static var config: String {
        """
        [daily]
        enabled = false

        [weekly]
        enabled = false

        [[sources]]
        name = "club"
        type = "schedule"
        url = "file:club.json"
        category = "social"

        [[sources]]
        name = "news"
        type = "schedule"
        url = "file:news.json"
        category = "marketing"

        [[digests]]
        category = "social"
        window = "30m"
        max = 3
        """
    }

    /// A schedule whose entries (ids from `first`) all fall on its first day at 09:00.
    static func schedule(_ name: String, entries: Int, first: Int = 1) -> String {
        let list = (first..<first + entries).map { #"{"id": \#($0), "dayOffset": 0, "title": "\#(name) post \#($0)", "subtitle": "Read it"}"# }
        return """
            {"config": {"version": "1", "description": "\(name)", "isPersistent": true, "fixedTime": "09:00", "weekdaysOnly": false},
             "notificationContent": {"title": "\(name)", "subtitle": "x"},
             "schedules": [\(list.joined(separator: ", "))]}
            """
    }

    @Test("Four social posts due at 09:00 become a digest of three (its max) and a lone post; marketing is left alone")
    func socialDigest() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.schedule("Club", entries: 4), to: "club.json")
        try pipeline.folder.write(Self.schedule("News", entries: 2, first: 11), to: "news.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T07:00")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T07:00", "-v")
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("3 merged into 1 digest"), "\(plan.stderr)")

        let pending = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-23T07:00"))
        let kinds = pending.compactMap { $0.string("kind") }
        #expect(kinds.filter { $0 == "digest" }.count == 1, "\(kinds)")
        #expect(kinds.filter { $0 == "schedule" }.count == 3, "one lone club post and two news posts: \(kinds)")
        let digest = try #require(pending.first { $0.string("kind") == "digest" })
        #expect(digest.string("title") == "3 new items")
        #expect(digest.string("category") == "social")
        #expect(digest.string("deepLink") == nil)

        // Planning again neither merges twice nor brings the members back.
        let again = try await pipeline.run("plan", "--now", "2026-11-23T07:05", "-v")
        #expect(!again.stderr.contains("merged into"), "\(again.stderr)")
        #expect(try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-23T07:05")).count == 4)

        let sent = try await pipeline.succeed("deliver", "--channel", "stdout", "--format", "json", "--now", "2026-11-23T09:00")
        let lines = try JSONObject.lines(sent)
        #expect(lines.count == 4, "the digest, the lone post and two news posts: \(sent)")
        let shown = try #require(lines.first { $0.string("kind") == "digest" })
        let body = try #require(shown.string("body"))
        #expect(body.contains("09:00 Club post 1") && body.contains("Club post 2") && body.contains("Club post 3"), "\(body)")

        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
        // Each member counts as delivered through the digest: 4 club, 2 news, the digest.
        #expect(report.object("counts")?.int("delivered") == 7, "\(report)")
    }
}
