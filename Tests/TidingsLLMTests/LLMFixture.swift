import Foundation
import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsLLM

/// An OpenAI-compatible endpoint on 127.0.0.1 run by the test, a temporary database, and the
/// request a daily update asks for.
struct LLMFixture {
    let server: HTTPTestServer
    let dir: TemporaryDirectory
    let database: TidingsDatabase
    var settings: TidingsConfig.LLM

    static let now: EpochMillis = 1_795_000_000_000

    /// A fixture whose server answers every request with `answer`.
    init(answer: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) throws {
        server = try HTTPTestServer(handler: answer)
        dir = try TemporaryDirectory()
        database = try dir.database()
        settings = TidingsConfig.LLM(baseURL: server.baseURL + "/v1", model: "tiny-model")
    }

    /// A fixture whose server answers with a chat completion holding `content`.
    init(content: String, finishReason: String = "stop", delay: Double = 0) throws {
        let response = Self.completion(content, finishReason: finishReason, delay: delay)
        try self.init(answer: { _ in response })
    }

    /// A writer for one run, with `environment` for the API key.
    func writer(environment: [String: String] = [:]) -> LLMWriter {
        LLMWriter(settings: settings, database: database, environment: environment, now: Self.now)
    }

    /// A chat completion as OpenAI and Ollama send it.
    static func completion(_ content: String, finishReason: String = "stop", delay: Double = 0) -> TestHTTPResponse {
        let object: [String: Any] = [
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1_795_000_000, "model": "tiny-model",
            "choices": [["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": finishReason]],
            "usage": ["prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150],
        ]
        let body = (try? JSONSerialization.data(withJSONObject: object)).map { Array($0) } ?? []
        return TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body, delay: delay)
    }

    /// `{"title": …, "body": …}` as a model would write it.
    static func answer(title: String, body: String) -> String {
        let object = ["title": title, "body": body]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A daily update whose facts hold an address, a phone number, a passcode and a link.
    static let request = LLMRequest(
        kind: "daily",
        draft: TextDraft(title: "Team news", body: "The quarterly review moved to Thursday 10:00. Questions to alice@example.org."),
        facts: """
            source: team feed
            contact: alice@example.org, +49 30 1234567
            dial-in passcode: 918273
            link: https://intranet.example.org/review?id=77
            date: 2026-11-26
            """,
        language: "en_US.UTF-8")

    /// The JSON body of a received request.
    static func json(_ request: TestHTTPRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    /// The messages of a received request, as (role, content).
    static func messages(_ request: TestHTTPRequest) throws -> [(role: String, content: String)] {
        let list = try #require(try json(request)["messages"] as? [[String: String]])
        return list.map { (role: $0["role"] ?? "", content: $0["content"] ?? "") }
    }
}
