import Foundation
import GRDB
import Testing
import TidingsTestSupport

@testable import TidingsStore

/// A meeting reminder planned in one of the eight languages and sent late says how long is
/// really left, in its own words: plan stores a slot, deliver fills it.
@Suite struct CountdownEndToEndTests {
    /// An install with the calendar of `CalendarEndToEndTests` (Client review, Monday 09:00
    /// Berlin, on Zoom), fetched on Sunday evening, and `extra` config after it.
    func pipeline(extra: String = "") async throws -> Pipeline {
        let pipeline = try Pipeline(config: CalendarEndToEndTests.config + "\n" + extra)
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        return pipeline
    }

    /// Runs `program` with `arguments` and `environment`, requiring exit status 0.
    func succeed(_ pipeline: Pipeline, _ program: String, _ arguments: [String], environment: [String: String]) async throws -> String {
        let result = try await pipeline.runner.run(program, arguments, extra: environment)
        #expect(result.status == 0, "\(program) \(arguments) exited \(result.status): \(result.stderr)")
        return result.stdout
    }

    @Test(
        "Planned in a language at 08:00, due 08:50 for 09:00, listed at 08:53 and sent at 08:57: the countdown says 7 and 3 minutes in that language",
        arguments: [
            ("en_GB.UTF-8", "(in 10 min)", "(in 7 min)", "(in 3 min)"),
            ("de_DE.UTF-8", "(in 10 Min.)", "(in 7 Min.)", "(in 3 Min.)"),
            ("fr_FR.UTF-8", "(dans 10 min)", "(dans 7 min)", "(dans 3 min)"),
            ("es_ES.UTF-8", "(en 10 min)", "(en 7 min)", "(en 3 min)"),
            ("it_IT.UTF-8", "(tra 10 min)", "(tra 7 min)", "(tra 3 min)"),
            ("pt_BR.UTF-8", "(daqui a 10 min)", "(daqui a 7 min)", "(daqui a 3 min)"),
            ("nl_NL.UTF-8", "(over 10 min)", "(over 7 min)", "(over 3 min)"),
            ("pl_PL.UTF-8", "(za 10 min)", "(za 7 min)", "(za 3 min)"),
        ])
    func lateInEachLanguage(lang: String, planned: String, listed: String, sent: String) async throws {
        let pipeline = try await pipeline()
        // The reminder is worded at plan time, in plan's language; deliver runs in another.
        let plan = try await succeed(pipeline, "plan", ["--now", "2026-11-23T08:00", "--dry-run"], environment: ["LANG": lang])
        #expect(plan.contains(planned), "\(plan)")
        _ = try await succeed(pipeline, "plan", ["--now", "2026-11-23T08:00"], environment: ["LANG": lang])

        // Late and not yet sent: tidings pending shows the minutes left at its own now.
        let list = try await succeed(pipeline, "tidings", ["pending", "--format", "json", "--now", "2026-11-23T08:53"], environment: ["LANG": "C"])
        #expect(list.contains(listed), "\(list)")

        let output = try await succeed(pipeline, "deliver", ["--channel", "stdout", "--now", "2026-11-23T08:57"], environment: ["LANG": "C"])
        #expect(output.contains("Client review"), "\(output)")
        #expect(output.contains(sent), "\(output)")
        #expect(!output.contains(planned), "\(output)")
        for text in [plan, list, output] {
            #expect(!text.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }, "a raw slot is shown: \(text)")
        }
    }

    @Test("The inbox shows a reminder as it was sent: the minutes left at its delivery, in its language")
    func inbox() async throws {
        let pipeline = try await pipeline()
        _ = try await succeed(pipeline, "plan", ["--now", "2026-11-23T08:00"], environment: ["LANG": "pl_PL.UTF-8"])
        _ = try await succeed(pipeline, "deliver", ["--channel", "inbox", "--now", "2026-11-23T08:57"], environment: ["LANG": "C"])
        let listed = try await succeed(pipeline, "tidings", ["inbox", "--format", "json", "--now", "2026-11-23T08:58"], environment: ["LANG": "C"])
        let item = try #require(try JSONObject.lines(listed).first)
        #expect(item.string("body")?.hasPrefix("Początek o 09:00 (za 3 min), koniec o 10:00") == true, "\(listed)")
        let text = try await succeed(pipeline, "tidings", ["inbox", "--now", "2026-11-23T08:58"], environment: ["LANG": "C"])
        #expect(text.contains("(za 3 min)"), "\(text)")
    }

    @Test(
        "A reminder planned before the countdown slot, in a database from before v22: the next plan --if-changed gives it the slot, and sent at 08:57 it says 3 minutes",
        .sqliteFileOnly
    )
    func plannedBeforeSlot() async throws {
        let pipeline = try await pipeline()
        _ = try await succeed(pipeline, "plan", ["--if-changed", "--now", "2026-11-23T08:00"], environment: ["LANG": "en_GB.UTF-8"])
        // The database as v21 left it: the reminder's text counts its minutes in words, and
        // the columns of v22 and later are not there yet (so that the migrations add them
        // again in their order, as on an upgrade).
        let old = try DatabaseQueue(path: pipeline.database)
        try await old.write { db in
            try db.execute(
                sql: """
                    UPDATE notification SET body = 'Starts at 09:00 (in 10 min), until 10:00'
                        WHERE id = 'meeting:standup-1@example.org@10m';
                    DROP INDEX notification_occurrence;
                    DROP INDEX notification_kind_due;
                    ALTER TABLE notification DROP COLUMN occurrence;
                    ALTER TABLE notification DROP COLUMN lead;
                    ALTER TABLE notification DROP COLUMN day;
                    ALTER TABLE notification DROP COLUMN startsAt;
                    ALTER TABLE notification DROP COLUMN endsAt;
                    ALTER TABLE notification DROP COLUMN eventTitle;
                    ALTER TABLE notification DROP COLUMN joinURL;
                    DROP INDEX notification_claimed_by;
                    DROP TABLE staleOutcome;
                    ALTER TABLE notification DROP COLUMN leaseExpiresAt;
                    ALTER TABLE outbox DROP COLUMN claims;
                    ALTER TABLE outbox DROP COLUMN leaseExpiresAt;
                    ALTER TABLE inflight DROP COLUMN leaseExpiresAt;
                    ALTER TABLE delivery DROP COLUMN unavailable;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v22-typed-facts', 'v23-delivery-unavailable', 'v24-leases');
                    """)
            let body = try String.fetchOne(db, sql: "SELECT body FROM notification WHERE id = 'meeting:standup-1@example.org@10m'")
            #expect(body?.contains("(in 10 min)") == true, "\(body ?? "no reminder")")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM planInputs") == 1)
        }
        try old.close()

        // The same inputs as the first plan: only the migration makes this one plan.
        let plan = try await pipeline.runner.run("plan", ["--if-changed", "-v", "--now", "2026-11-23T08:01"], extra: ["LANG": "en_GB.UTF-8"])
        #expect(plan.status == 0 && plan.stderr.contains("planning: no plan on record"), "\(plan.stderr)")
        let stored = try #require(try TidingsDatabase(path: pipeline.database).notifications(ids: ["meeting:standup-1@example.org@10m"]).first?.value)
        #expect(stored.body.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }, "the slot is back: \(stored.body)")
        #expect(stored.occurrence == "meeting:standup-1@example.org" && stored.lead == 600_000)

        let output = try await succeed(pipeline, "deliver", ["--channel", "stdout", "--now", "2026-11-23T08:57"], environment: ["LANG": "C"])
        #expect(output.contains("(in 3 min)") && !output.contains("(in 10 min)"), "\(output)")
    }

    @Test("An LLM-written reminder keeps the countdown's placeholder; sent at 08:57 for 09:00 it says 3 minutes")
    func llmWritten() async throws {
        let answer =
            #"{"title": "Revue client à 09:00", "body": "La revue client commence à 09:00, dans {countdown}. Rejoins ton équipe sur Zoom pour la réunion."}"#
        let server = try HTTPTestServer { _ in LLMEndToEndTests.completion(answer) }
        defer { server.stop() }
        let pipeline = try await pipeline(
            extra: """
                [features]
                llm = true

                [llm]
                base_url = "\(server.baseURL)/v1"
                model = "tiny-model"
                api_key_env = "TIDINGS_LLM_KEY"
                """)
        let environment = ["LANG": "fr_FR.UTF-8", "TIDINGS_LLM_KEY": LLMEndToEndTests.key]
        let plan = try await succeed(pipeline, "plan", ["--now", "2026-11-23T08:00", "--format", "json"], environment: environment)
        let reminder = try #require(try JSONObject.array(plan).first { $0.string("id") == "meeting:standup-1@example.org@10m" })
        #expect(reminder.string("title") == "Revue client à 09:00")
        #expect(reminder.string("body") == "La revue client commence à 09:00, dans 10 min. Rejoins ton équipe sur Zoom pour la réunion.")

        // The model saw the placeholder in the draft, and was asked to keep it.
        let asked = try #require(server.requests.map { String(decoding: $0.body, as: UTF8.self) }.first { $0.contains("Kind: meeting") })
        #expect(asked.contains("(dans {countdown})"), "\(asked)")
        #expect(asked.contains("keep {countdown} exactly once"))

        let output = try await succeed(pipeline, "deliver", ["--channel", "stdout", "--now", "2026-11-23T08:57"], environment: ["LANG": "C"])
        #expect(output.contains("Revue client à 09:00 — La revue client commence à 09:00, dans 3 min. Rejoins"), "\(output)")
    }
}
