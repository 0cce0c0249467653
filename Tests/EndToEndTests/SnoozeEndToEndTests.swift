import Foundation
import Testing
import TidingsTestSupport

/// `tidings inbox snooze` through the built programs: the item leaves the inbox, plan leaves
/// it alone, and deliver sends it again through its route when the snooze ends.
@Suite struct SnoozeEndToEndTests {
    @Test("A snoozed item leaves the inbox and comes back through every channel of its route when the snooze ends")
    func snoozeAndRedelivery() async throws {
        // Given: today's update delivered to stdout and the inbox.
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"stdout\", \"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let first = try JSONObject.lines(try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30", "--format", "json"))
        #expect(first.compactMap { $0.string("id") } == ["daily:2026-11-22"])
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", "2026-11-22T08:00") == "1\n")

        // When: it is snoozed for ten minutes (the seconds are dropped).
        let snoozed = try await pipeline.succeed("tidings", "inbox", "snooze", "daily:2026-11-22", "10m", "--now", "2026-11-22T08:00:30")

        // Then: it is gone from the inbox, and pending at the new time.
        #expect(snoozed == "snoozed daily:2026-11-22 until 2026-11-22 08:10\n")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", "2026-11-22T08:01") == "0\n")
        let pending = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-22T08:01")
        #expect(pending.contains("2026-11-22 08:10"))
        #expect(pending.contains("daily:2026-11-22"))

        // A plan run does not undo it, and nothing goes out before it ends.
        try await pipeline.succeed("plan", "--now", "2026-11-22T08:05", "--horizon", "1d")
        #expect(try await pipeline.succeed("deliver", "--now", "2026-11-22T08:05", "--format", "json") == "")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count", "--now", "2026-11-22T08:05") == "0\n")

        // When it ends, it is delivered again on stdout and in the inbox, unread once.
        let again = try JSONObject.lines(try await pipeline.succeed("deliver", "--now", "2026-11-22T08:10", "--format", "json"))
        #expect(again.compactMap { $0.string("id") } == ["daily:2026-11-22"])
        let inbox = try JSONObject.lines(try await pipeline.succeed("tidings", "inbox", "--all", "--format", "json", "--now", "2026-11-22T08:11"))
        #expect(inbox.compactMap { $0.string("id") } == ["daily:2026-11-22"])
        #expect(inbox.first?.bool("unread") == true)
        #expect(inbox.first?.string("deliveredAt") == "2026-11-22T08:10:00+01:00")

        // report counts the snooze beside the taps, outside the engagement rate.
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00", "--now", "2026-11-22T08:11"))
        #expect(report.object("counts")?.int("snoozed") == 1)
        #expect(report.object("counts")?.int("tapped") == 0)
        #expect(report.object("counts")?.int("engageableNotifications") == 1)
    }

    @Test("Refused with the reason and exit 1, or exit 64 for a duration that is none")
    func refusals() async throws {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")

        let unknown = try await pipeline.run("tidings", "inbox", "snooze", "daily:2026-11-30", "10m")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("not snoozed: \"daily:2026-11-30\": no such notification"))

        for duration in ["soon", "30s", "0m"] {
            let bad = try await pipeline.run("tidings", "inbox", "snooze", "daily:2026-11-22", duration)
            #expect(bad.status == 64, "\(duration)")
            #expect(bad.stderr.contains("expected a duration of at least a minute"), "\(duration)")
        }

        try await pipeline.succeed("tidings", "inbox", "snooze", "daily:2026-11-22", "1h", "--now", "2026-11-22T08:00")
        let twice = try await pipeline.run("tidings", "inbox", "snooze", "daily:2026-11-22", "1h", "--now", "2026-11-22T08:01")
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("\"daily:2026-11-22\": already due at 2026-11-22T09:00:00+01:00"))
        #expect(twice.stdout == "")
    }
}
