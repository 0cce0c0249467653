import Foundation
import Testing
import TidingsCore
import TidingsGenerate
import TidingsTestSupport

@testable import TidingsLLM

/// The writer against a real OpenAI-compatible server on 127.0.0.1: what is sent, what comes
/// back, and every way back to the template's draft.
@Suite struct LLMWriterTests {
    static let good = LLMFixture.answer(
        title: "Quarterly review on Thursday", body: "The review moved to Thursday at 10:00. Send your questions by mail.")

    @Test("A good answer is written; the request carries the model, both messages, the key and no personal data")
    func goodAnswer() throws {
        var fixture = try LLMFixture(content: Self.good)
        fixture.settings.apiKey = .environment("TIDINGS_TEST_LLM_KEY")
        let writer = fixture.writer(environment: ["TIDINGS_TEST_LLM_KEY": "sk-test-4f9a"])

        let outcome = writer.rewrite(LLMFixture.request)

        #expect(
            outcome
                == .written(
                    TextDraft(title: "Quarterly review on Thursday", body: "The review moved to Thursday at 10:00. Send your questions by mail.")))
        let request = try #require(fixture.server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/chat/completions")
        #expect(request.header("authorization") == "Bearer sk-test-4f9a")
        #expect(request.header("content-type") == "application/json")
        let json = try LLMFixture.json(request)
        #expect(json["model"] as? String == "tiny-model")
        #expect((json["temperature"] as? Double) == 0.2)
        #expect((json["max_tokens"] as? Int) == 300)
        let messages = try LLMFixture.messages(request)
        #expect(messages.map(\.role) == ["system", "user"])
        #expect(messages[0].content.contains("English"))
        #expect(messages[0].content.contains("{\"title\": \"...\", \"body\": \"...\"}"))
        let user = messages[1].content
        #expect(user.contains("Kind: daily"))
        #expect(user.contains("Thursday 10:00"))
        #expect(user.contains("date: 2026-11-26"), "dates are facts, not personal data")
        let sent = String(decoding: request.body, as: UTF8.self)
        for personal in ["alice", "example.org", "1234567", "918273", "intranet", "https:", "sk-test"] {
            #expect(!sent.contains(personal), "\(personal) reached the server: \(sent)")
        }
        for placeholder in ["[email]", "[phone]", "[passcode]", "[link]"] {
            #expect(user.contains(placeholder))
        }
        #expect(
            writer.tally
                == {
                    var tally = LLMTally()
                    tally.written = 1
                    tally.calls = 1
                    return tally
                }())
    }

    @Test(
        "An answer that quotes the API key, in any spelling, falls back and is neither kept nor shown",
        arguments: [
            "sk-test-4f9a0c7e", "SK-TEST-4F9A0C7E", "sk%2Dtest%2D4f9a0c7e", "test-4f9a0c7", "sk\\u002dtest-4f9a0c",
        ])
    func answerQuotingKey(_ echo: String) throws {
        let answer = LLMFixture.answer(title: "Quarterly review on Thursday", body: "Your key is \(echo), moved to Thursday at 10:00.")
        var fixture = try LLMFixture(content: answer)
        fixture.settings.apiKey = .environment("TIDINGS_TEST_LLM_KEY")
        let writer = fixture.writer(environment: ["TIDINGS_TEST_LLM_KEY": "sk-test-4f9a0c7e"])
        let outcome = writer.rewrite(LLMFixture.request)
        #expect(outcome == .fallback(reason: "the answer quoted the API key"))
        #expect(writer.tally.written == 0)
    }

    @Test("An answer inside a json fence, with words around it, is read")
    func fencedAnswer() throws {
        let fixture = try LLMFixture(content: "Sure! Here it is:\n```json\n\(Self.good)\n```\nHope this helps.")
        let outcome = fixture.writer().rewrite(LLMFixture.request)
        #expect(outcome.text?.title == "Quarterly review on Thursday")
    }

    @Test(
        "An answer that cannot be shown falls back with its reason, and is not cached",
        arguments: [
            (
                LLMFixture.answer(title: "Review", body: String(repeating: "The review moved. ", count: 20)),
                "the body is longer than 280 characters (359)"
            ),
            (LLMFixture.answer(title: String(repeating: "Quarterly ", count: 10), body: "Moved."), "the title is longer than 80 characters (99)"),
            (LLMFixture.answer(title: "", body: "The review moved."), "the title is empty"),
            (LLMFixture.answer(title: "Review moved", body: "Details at https://intranet.example.org/review"), "the body holds a link"),
            (LLMFixture.answer(title: "Review moved", body: "Details at www.example.org"), "the body holds a link"),
            (LLMFixture.answer(title: "**Review** moved", body: "On Thursday."), "the title holds markup (Markdown emphasis)"),
            (LLMFixture.answer(title: "Review moved", body: "<b>Thursday</b> at 10:00"), "the body holds markup (HTML)"),
            (LLMFixture.answer(title: "Review moved", body: "See [the plan](notes) for it"), "the body holds markup (a Markdown link)"),
            (LLMFixture.answer(title: "Review moved", body: "Questions to [email] please."), "the body holds the placeholder [email]"),
            (
                LLMFixture.answer(
                    title: "Überprüfung verschoben", body: "Die Besprechung ist jetzt am Donnerstag um 10 Uhr, nicht mehr am Mittwoch."),
                "the answer is in German, not English"
            ),
            (LLMFixture.answer(title: "Updates", body: "- Review moved\n- Lunch cancelled"), "the body is a list (more than one message)"),
            (Self.good + "\n" + Self.good, "the answer holds more than one message"),
            ("[\(Self.good), \(Self.good)]", "the answer holds more than one message"),
            ("Review moved to Thursday.", "the answer is not the JSON object asked for"),
            ("{\"headline\": \"Review moved\"}", "the answer's JSON has no \"title\" and \"body\" strings"),
            ("{\"title\": \"Review moved\", \"body\": \"Thurs", "the answer's JSON object is not closed"),
        ])
    func refusedAnswer(content: String, reason: String) throws {
        let fixture = try LLMFixture(content: content)
        let writer = fixture.writer()
        #expect(writer.rewrite(LLMFixture.request) == .fallback(reason: reason))
        #expect(writer.rewrite(LLMFixture.request) == .fallback(reason: reason))
        #expect(fixture.server.requests.count == 2, "a refused answer is not kept: the next request asks again")
        #expect(writer.tally.fellBack == 2)
        #expect(writer.tally.summary == "llm: 0 written, 0 cached, 2 fell back (\(reason))")
    }

    @Test(
        "A server error or a response that is no chat completion falls back",
        arguments: [
            (TestHTTPResponse.text("internal error", status: 500), "the endpoint answered HTTP 500"),
            (TestHTTPResponse.text("no such model", status: 404), "the endpoint answered HTTP 404 (check llm.base_url and llm.model)"),
            (
                TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{\"choices\": [{\"message\": ".utf8)),
                "the response is not a chat completion (JSON with choices)"
            ),
            (TestHTTPResponse(status: 200, body: Array("<html>gateway</html>".utf8)), "the response is not a chat completion (JSON with choices)"),
            (TestHTTPResponse(status: 200, body: Array("{\"choices\": []}".utf8)), "the response has no choices"),
            (LLMFixture.completion(LLMWriterTests.good, finishReason: "length"), "the answer was cut off (max_tokens)"),
        ])
    func serverFailure(response: TestHTTPResponse, reason: String) throws {
        let fixture = try LLMFixture(answer: { _ in response })
        #expect(fixture.writer().rewrite(LLMFixture.request) == .fallback(reason: reason))
        #expect(fixture.server.requests.count == 1)
    }

    @Test("A slow answer beyond the timeout falls back after the timeout")
    func slowAnswer() async throws {
        var fixture = try LLMFixture(content: Self.good, delay: 5)
        fixture.settings.timeout = 1000
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = fixture.writer().rewrite(LLMFixture.request)
        let elapsed = start.duration(to: clock.now)
        #expect(outcome == .fallback(reason: "no answer within 1s (llm.timeout)"))
        // It waited for the timeout, then hung up while the server still held the answer back.
        #expect(elapsed >= .milliseconds(900), "\(elapsed)")
        #expect(await waitUntil { fixture.server.abandoned == 1 })
    }

    @Test("An answer is kept: the same question again, in this run or the next, makes no call")
    func cache() throws {
        let fixture = try LLMFixture(content: Self.good)
        let first = fixture.writer()
        let written = first.rewrite(LLMFixture.request)
        let again = first.rewrite(LLMFixture.request)
        let nextRun = fixture.writer().rewrite(LLMFixture.request)
        #expect(written.text != nil)
        #expect(again == .cached(try #require(written.text)))
        #expect(nextRun == again)
        #expect(fixture.server.requests.count == 1)
        #expect(first.tally.written == 1 && first.tally.cached == 1 && first.tally.calls == 1)

        var changed = LLMFixture.request
        changed.draft.body = "The quarterly review moved to Friday 10:00."
        #expect(fixture.writer().rewrite(changed).text != nil)
        #expect(fixture.server.requests.count == 2, "another draft is another question")
        var otherModel = fixture.settings
        otherModel.model = "bigger-model"
        _ = LLMWriter(settings: otherModel, database: fixture.database, environment: [:], now: LLMFixture.now).rewrite(LLMFixture.request)
        #expect(fixture.server.requests.count == 3, "another model is another question")
    }

    @Test("A dry run reads the cache but keeps nothing")
    func dryRunKeepsNothing() throws {
        let fixture = try LLMFixture(content: Self.good)
        let dryRun = LLMWriter(settings: fixture.settings, database: fixture.database, environment: [:], now: LLMFixture.now, keepsAnswers: false)
        #expect(dryRun.rewrite(LLMFixture.request).text != nil)
        #expect(dryRun.rewrite(LLMFixture.request).text != nil)
        #expect(fixture.server.requests.count == 2, "nothing was kept to answer from")
        _ = fixture.writer().rewrite(LLMFixture.request)
        guard
            case .cached = LLMWriter(
                settings: fixture.settings, database: fixture.database, environment: [:], now: LLMFixture.now, keepsAnswers: false
            ).rewrite(LLMFixture.request)
        else {
            Issue.record("a dry run did not read the cache")
            return
        }
        #expect(fixture.server.requests.count == 3)
    }

    @Test("Once the run's budget is spent, the rest fall back without a call")
    func budget() throws {
        var fixture = try LLMFixture(content: Self.good, delay: 3)
        fixture.settings.timeout = 1000
        fixture.settings.budget = 1000
        let writer = fixture.writer()
        var second = LLMFixture.request
        second.kind = "weekly"

        #expect(writer.rewrite(LLMFixture.request) == .fallback(reason: "no answer within 1s (llm.timeout)"))
        #expect(writer.rewrite(second) == .fallback(reason: "not asked: the run's budget of 1s is spent (llm.budget)"))
        #expect(fixture.server.requests.count == 1)
        #expect(writer.tally.summary.hasPrefix("llm: 0 written, 0 cached, 2 fell back"))
    }

    @Test("A call never outlasts what is left of the budget")
    func budgetShortensTheTimeout() throws {
        var fixture = try LLMFixture(content: Self.good, delay: 3)
        fixture.settings.timeout = 2000
        fixture.settings.budget = 1000
        #expect(fixture.writer().rewrite(LLMFixture.request) == .fallback(reason: "no answer within 1s (the rest of the run's budget)"))
    }

    @Test("After max_calls calls the rest fall back without a call; cached answers do not count")
    func maxCalls() throws {
        var fixture = try LLMFixture(content: Self.good)
        fixture.settings.maxCalls = 1
        let writer = fixture.writer()
        var second = LLMFixture.request
        second.kind = "weekly"
        #expect(writer.rewrite(LLMFixture.request).text != nil)
        #expect(writer.rewrite(LLMFixture.request).text != nil, "from the cache")
        #expect(writer.rewrite(second) == .fallback(reason: "not asked: the run's 1 calls are spent (llm.max_calls)"))
        #expect(fixture.server.requests.count == 1)
    }

    @Test("An unreachable endpoint is tried once per run")
    func unreachable() throws {
        var fixture = try LLMFixture(content: Self.good)
        fixture.server.stop()
        fixture.settings.baseURL = "http://127.0.0.1:\(fixture.server.port)/v1"
        let writer = fixture.writer()
        guard case .fallback(let reason) = writer.rewrite(LLMFixture.request) else {
            Issue.record("a closed port wrote a text")
            return
        }
        #expect(reason.hasPrefix("cannot reach the endpoint: "), "\(reason)")
        var second = LLMFixture.request
        second.kind = "weekly"
        #expect(writer.rewrite(second) == .fallback(reason: "not asked: the endpoint was unreachable earlier in this run"))
        #expect(writer.tally.calls == 1)
    }

    @Test("The API key is sent only in its header: no reason, summary or cached row holds it")
    func keyNeverInErrors() throws {
        let key = "sk-live-0123456789abcdef"
        var fixture = try LLMFixture(answer: { request in
            // A server that echoes what it got, as some error pages do.
            TestHTTPResponse.text("invalid key: \(request.header("authorization") ?? "")", status: 401)
        })
        let keyFile = try fixture.dir.write(key + "\n", to: "llm.key")
        fixture.settings.apiKey = .file(keyFile)
        let writer = fixture.writer()
        let outcome = writer.rewrite(LLMFixture.request)
        #expect(outcome == .fallback(reason: "the endpoint answered HTTP 401 (check the API key: llm.api_key_env or llm.api_key_file)"))
        #expect(fixture.server.requests.first?.header("authorization") == "Bearer \(key)")
        #expect(!writer.tally.summary.contains(key))
        #expect(!String(describing: writer.tally).contains(key))
        #expect(!String(describing: outcome).contains(key))
        for file in ["tidings.sqlite", "tidings.sqlite-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: fixture.dir.file(file)))) ?? Data()
            #expect(bytes.range(of: Data(key.utf8)) == nil, "\(file) holds the key")
        }
    }

    @Test("A key that cannot be read names its variable or file, and nothing is sent")
    func missingKey() throws {
        var fixture = try LLMFixture(content: Self.good)
        fixture.settings.apiKey = .environment("TIDINGS_TEST_LLM_KEY")
        #expect(
            fixture.writer().rewrite(LLMFixture.request)
                == .fallback(reason: "the API key variable TIDINGS_TEST_LLM_KEY is not set (llm.api_key_env)"))
        fixture.settings.apiKey = .file(fixture.dir.file("absent.key"))
        guard case .fallback(let reason) = fixture.writer().rewrite(LLMFixture.request) else {
            Issue.record("wrote without a key")
            return
        }
        #expect(reason.hasPrefix("cannot read the API key file \(fixture.dir.file("absent.key")): "))
        #expect(reason.hasSuffix("(llm.api_key_file)"))
        #expect(fixture.server.requests.isEmpty)
    }

    @Test("With redact = false (a loopback endpoint) the facts go as they are")
    func unredacted() throws {
        var fixture = try LLMFixture(content: Self.good)
        fixture.settings.redact = false
        _ = fixture.writer().rewrite(LLMFixture.request)
        let user = try LLMFixture.messages(try #require(fixture.server.requests.first))[1].content
        #expect(user.contains("alice@example.org"))
        #expect(user.contains("918273"))
    }

    @Test("A German request asks for German and accepts a German answer")
    func german() throws {
        let fixture = try LLMFixture(
            content: LLMFixture.answer(title: "Besprechung verschoben", body: "Die Besprechung ist jetzt am Donnerstag um 10 Uhr."))
        var request = LLMFixture.request
        request.language = "de_DE.UTF-8"
        #expect(fixture.writer().rewrite(request).text?.title == "Besprechung verschoben")
        let system = try LLMFixture.messages(try #require(fixture.server.requests.first))[0].content
        #expect(system.contains("German"))
    }
}
