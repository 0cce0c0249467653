import Foundation
import Testing
import TidingsTestSupport

/// The built `plan` with `features.llm` against an OpenAI-compatible server on 127.0.0.1: the
/// LLM's text is stored, asked once, and the template's text stands when the server fails.
@Suite struct LLMEndToEndTests {
    static let key = "sk-e2e-PLANTED-7c41d2"

    static func config(_ server: HTTPTestServer) -> String {
        """
        [[sources]]
        name = "daily"
        url = "file:today.json"

        [features]
        llm = true

        [llm]
        base_url = "\(server.baseURL)/v1"
        model = "tiny-model"
        api_key_env = "TIDINGS_LLM_KEY"
        """
    }

    /// An install whose feed, fetched on Sunday 03:00, names a person, a number and a link.
    func pipeline(_ server: HTTPTestServer) async throws -> Pipeline {
        let pipeline = try Pipeline(config: Self.config(server))
        let feed = Feed.item(
            id: "1", title: "Team news",
            body: "Review moved to Thursday 10:00. Questions to alice@example.org or +49 30 1234567, notes at https://intranet.example.org/r",
            scheduled: "2026-11-22T00:00:00Z")
        try pipeline.folder.write(feed, to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T03:00")
        return pipeline
    }

    func plan(_ pipeline: Pipeline) async throws -> (items: [JSONObject], log: String) {
        let result = try await pipeline.runner.run(
            "plan", ["--now", "2026-11-22T05:00", "--format", "json", "--verbose"],
            extra: ["TIDINGS_LLM_KEY": Self.key, "LANG": "en_US.UTF-8"])
        #expect(result.status == 0, "plan exited \(result.status): \(result.stderr)")
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
        return (try JSONObject.array(result.stdout), result.stderr)
    }

    @Test("plan stores the LLM's text, sends no personal data, and asks nothing again on the next run")
    func written() async throws {
        let answer = #"{"title": "Review moved to Thursday", "body": "The review is now on Thursday at 10:00. Questions welcome."}"#
        let server = try HTTPTestServer { _ in Self.completion(answer) }
        let pipeline = try await pipeline(server)

        let (items, log) = try await plan(pipeline)

        let today = try #require(items.first { $0.string("id") == "daily:2026-11-22" })
        #expect(today.string("title") == "Review moved to Thursday")
        #expect(today.string("body") == "The review is now on Thursday at 10:00. Questions welcome.")
        let calls = server.requests.count
        #expect(calls >= 1)
        for request in server.requests {
            #expect(request.path == "/v1/chat/completions")
            #expect(request.header("authorization") == "Bearer \(Self.key)")
            let body = String(decoding: request.body, as: UTF8.self)
            #expect(body.contains("\"model\":\"tiny-model\""))
            for personal in ["alice", "example.org", "1234567", "intranet"] {
                #expect(!body.contains(personal), "\(personal) reached the server")
            }
        }
        #expect(log.contains("llm: \(calls) written, 0 cached, 0 fell back"), "\(log)")

        // The same facts again: every answer comes from the cache.
        let (again, secondLog) = try await plan(pipeline)
        #expect(server.requests.count == calls)
        #expect(again.first { $0.string("id") == "daily:2026-11-22" }?.string("title") == "Review moved to Thursday")
        #expect(secondLog.contains("llm: 0 written, \(calls) cached, 0 fell back"), "\(secondLog)")

        let report = try JSONObject(
            try await pipeline.runner.run("report", ["--since", "1d", "--until", "2026-11-23T00:00", "--format", "json"]).stdout)
        #expect(report.object("counts")?.object("generated")?.int("llm") == 1)
        #expect(report.object("generatorShares")?.double("llm") == 1)

        let doctor = try await llmFinding(pipeline, key: Self.key)
        #expect(doctor.bool("ok") == true)
        #expect(doctor.string("detail") == "\(server.baseURL)/v1: 1 of 1 texts due in the day around now written by the model")
    }

    /// The `llm` line of `tidings doctor --format json`, run with `key` in TIDINGS_LLM_KEY (or without it).
    func llmFinding(_ pipeline: Pipeline, key: String?) async throws -> JSONObject {
        var environment = ["LANG": "en_US.UTF-8"]
        if let key { environment["TIDINGS_LLM_KEY"] = key }
        let result = try await pipeline.runner.run("tidings", ["doctor", "--now", "2026-11-22T05:00", "--format", "json"], extra: environment)
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
        return try #require(try JSONObject.array(result.stdout).first { $0.string("check") == "llm" }, "\(result.stdout)")
    }

    @Test("A failing server: plan keeps the template's text, logs the reason, report counts the fallback, the key shows nowhere")
    func fallback() async throws {
        let server = try HTTPTestServer { request in
            TestHTTPResponse.text("bad key \(request.header("authorization") ?? "")", status: 500)
        }
        let pipeline = try await pipeline(server)

        let (items, log) = try await plan(pipeline)

        let today = try #require(items.first { $0.string("id") == "daily:2026-11-22" })
        #expect(today.string("title") == "Team news")
        #expect(today.string("body")?.hasPrefix("Review moved to Thursday 10:00. Questions to alice@example.org") == true)
        #expect(log.contains("fell back (the endpoint answered HTTP 500)"), "\(log)")
        let report = try await pipeline.runner.run("report", ["--since", "1d", "--until", "2026-11-23T00:00", "--format", "json"])
        #expect(try JSONObject(report.stdout).object("counts")?.object("generated")?.int("llm-fallback") == 1)
        let runLog = try await pipeline.runner.run("tidings", ["log"])
        #expect(runLog.stdout.contains("the endpoint answered HTTP 500"), "\(runLog.stdout)")
        for output in [report.stdout, report.stderr, runLog.stdout, runLog.stderr] { #expect(!output.contains(Self.key)) }

        // doctor: nothing the model wrote, and why; then the key missing where it runs.
        let failing = try await llmFinding(pipeline, key: Self.key)
        #expect(failing.bool("ok") == false)
        #expect(
            failing.string("detail")?.hasSuffix(
                "0 of 1 texts due in the day around now written by the model; the others fell back to the templates, most often because the endpoint answered HTTP 500"
            ) == true,
            "\(failing)")
        #expect(failing.string("fix")?.contains("llm.base_url") == true)
        let keyless = try await llmFinding(pipeline, key: nil)
        #expect(keyless.bool("ok") == false)
        #expect(keyless.string("detail") == "\(server.baseURL)/v1: the API key variable TIDINGS_LLM_KEY is not set")
        #expect(keyless.string("fix")?.contains("where plan runs too") == true)
        for file in [pipeline.database, pipeline.database + "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "\(file) holds the key")
        }
    }

    static func completion(_ content: String) -> TestHTTPResponse {
        let object: [String: Any] = ["choices": [["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": "stop"]]]
        let body = (try? JSONSerialization.data(withJSONObject: object)).map { Array($0) } ?? []
        return TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
    }
}
