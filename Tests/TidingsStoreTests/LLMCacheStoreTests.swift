import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The LLM's kept answers: by key, replaced when asked again, gone with the old history.
@Suite struct LLMCacheStoreTests {
    static let day: Int64 = 86_400_000

    @Test("An answer is read back by its key, a second one replaces it, an unknown key has none")
    func keep() throws {
        let dir = try TemporaryDirectory()
        let db = try dir.database()
        #expect(try db.llmAnswer(key: "k1") == nil)
        try db.saveLLMAnswer(key: "k1", title: "Review moved", body: "Thursday 10:00.", now: 5 * Self.day)
        #expect(try db.llmAnswer(key: "k1").map { [$0.title, $0.body] } == ["Review moved", "Thursday 10:00."])
        try db.saveLLMAnswer(key: "k1", title: "Review on Thursday", body: "", now: 6 * Self.day)
        #expect(try db.llmAnswer(key: "k1").map { [$0.title, $0.body] } == ["Review on Thursday", ""])
        #expect(try db.llmAnswer(key: "k2") == nil)
    }

    @Test("Retention deletes answers kept before the cutoff and keeps newer ones")
    func pruned() throws {
        let dir = try TemporaryDirectory()
        let db = try dir.database()
        try db.saveLLMAnswer(key: "old", title: "Old", body: "", now: 10 * Self.day)
        try db.saveLLMAnswer(key: "new", title: "New", body: "", now: 120 * Self.day)
        #expect(try db.prune(before: 100 * Self.day) == 1)
        #expect(try db.llmAnswer(key: "old") == nil)
        #expect(try db.llmAnswer(key: "new")?.title == "New")
    }
}
