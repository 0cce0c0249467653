import Foundation
import Testing
import TidingsTestSupport

/// The built `plan` with the LLM rewriting stale content: the stored text keeps its age
/// label, in the user's language, and says the new age when the item moves.
@Suite struct LLMStaleEndToEndTests {
    static let answer = #"{"title": "Q4 Berlin", "body": "Berlin 10:00, Zürich 11:00"}"#

    @Test(
        "Monday's update from Sunday's feed, rewritten by the LLM, still says how old it is",
        arguments: [
            ("en_US.UTF-8", "Berlin 10:00, Zürich 11:00 (from 1 day ago)", "Berlin 10:00, Zürich 11:00 (as of 23h ago)"),
            ("de_DE.UTF-8", "Berlin 10:00, Zürich 11:00 (Stand vor 1 Tag)", "Berlin 10:00, Zürich 11:00 (Stand vor 23 Std.)"),
        ])
    func labelKept(lang: String, expected: String, moved: String) async throws {
        let server = try HTTPTestServer { _ in LLMEndToEndTests.completion(Self.answer) }
        defer { server.stop() }
        var pipeline = try Pipeline(config: LLMEndToEndTests.config(server))
        pipeline.runner.environment["LANG"] = lang
        pipeline.runner.environment["TIDINGS_LLM_KEY"] = LLMEndToEndTests.key
        try pipeline.folder.write(Feed.item(id: "1", title: "Q4", body: "Berlin 10:00", scheduled: "2026-11-22T00:00:00Z"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T03:00")
        let plan = try await pipeline.run("plan", "--now", "2026-11-22T05:00", "--format", "json", "--verbose")
        #expect(plan.status == 0, "\(plan.stderr)")
        let items = try JSONObject.array(plan.stdout)
        let monday = try #require(items.first { $0.string("id") == "daily:2026-11-23" })
        #expect(monday.string("staleness") == "stale")
        #expect(monday.string("title") == "Q4 Berlin", "the LLM wrote it")
        #expect(monday.string("body") == expected)

        // Moved to 02:00, the label says the new age.
        let update = try await pipeline.run(
            "tidings", "pending", "update", "daily:2026-11-23", "--at", "2026-11-23T02:00", "--now", "2026-11-22T05:01")
        #expect(update.status == 0, "\(update.stderr)")
        let pending = try JSONObject.lines(try await pipeline.succeed("tidings", "pending", "--format", "json", "--now", "2026-11-22T05:02"))
        #expect(pending.first { $0.string("id") == "daily:2026-11-23" }?.string("body") == moved)
    }
}
