import Foundation
import Testing
import TidingsTestSupport

/// ntfy's sequence ids through the built programs: a meeting reminder, its update in place
/// when the meeting moves, and its clear when the meeting is removed, against a real HTTP
/// receiver on 127.0.0.1.
@Suite struct NtfySequenceEndToEndTests {
    static func config(_ url: String) -> String {
        CalendarEndToEndTests.config + """

            [[webhooks]]
            name = "phone"
            url = "\(url)/meetings"
            format = "ntfy"
            """
    }

    static let reminder = "meeting:standup-1@example.org@10m"

    func deliver(_ pipeline: Pipeline, at now: String) async throws -> ProgramResult {
        let run = try await pipeline.run("deliver", "--channel", "webhook:phone", "--now", now, "-v")
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    @Test("A reminder, its update when the meeting moves and its clear when the meeting is removed share one sequence id")
    func sendUpdateClear() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        _ = try await deliver(pipeline, at: "2026-11-23T08:50")

        // At 08:55 the meeting moves to 11:00: the reminder is published again at 10:50.
        let moved = CalendarEndToEndTests.standup
            .replacingOccurrences(of: "T090000", with: "T110000").replacingOccurrences(of: "T100000", with: "T120000")
        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:55")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:55")
        _ = try await deliver(pipeline, at: "2026-11-23T10:50")

        // At 10:52 the meeting is gone from the calendar: the plan queues a clear, deliver sends it.
        try pipeline.folder.write(CalendarEndToEndTests.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T10:52")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T10:52", "-v")
        #expect(plan.stderr.contains("1 delivered to clear"), "\(plan.stderr)")
        let cleared = try await deliver(pipeline, at: "2026-11-23T10:53")
        #expect(cleared.stderr.contains("1 cleared"), "\(cleared.stderr)")

        // Planning again neither clears twice nor sends anything.
        try await pipeline.succeed("plan", "--now", "2026-11-23T10:54")
        _ = try await deliver(pipeline, at: "2026-11-23T10:55")

        let requests = server.requests
        try #require(requests.count == 3, "\(requests.map { "\($0.method) \($0.path)" })")
        let sequence = try #require(requests[0].header("X-Sequence-ID"))
        #expect(sequence.wholeMatch(of: /tidings-[0-9a-f]{32}/) != nil)
        #expect(requests.map(\.method) == ["POST", "POST", "DELETE"])
        #expect(requests.map(\.path) == ["/meetings", "/meetings", "/meetings/\(sequence)"])
        #expect(requests[1].header("X-Sequence-ID") == sequence, "the update replaces the first notification")
        #expect(requests[2].body.isEmpty)
        #expect(requests.map { $0.header("Idempotency-Key") } == [Self.reminder, "\(Self.reminder)#1", "\(Self.reminder)#1#clear"])
        #expect(String(decoding: requests[1].body, as: UTF8.self).hasPrefix("Starts at 11:00"))

        // The reminder still counts once as delivered; the log tells of the clear.
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-23T00:00", "--until", "2026-11-24T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        let log = try await pipeline.succeed("tidings", "log")
        #expect(log.contains("1 delivered to clear"), "\(log)")
        #expect(log.contains("0 delivered, 0 failed, 0 missed, 1 cleared"), "\(log)")
    }

    @Test("A clear the receiver cannot take now is tried again later with the same key, then not again")
    func clearRetried() async throws {
        let deletes = Counter()
        let server = try HTTPTestServer { request in
            guard request.method == "DELETE" else { return TestHTTPResponse(status: 200) }
            return deletes.next() == 1 ? .text("busy", status: 503) : TestHTTPResponse(status: 200)
        }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        _ = try await deliver(pipeline, at: "2026-11-23T08:50")

        try pipeline.folder.write(CalendarEndToEndTests.calendar([]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:52")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:52")
        let first = try await deliver(pipeline, at: "2026-11-23T08:53")
        #expect(first.stderr.contains("1 to retry"), "\(first.stderr)")
        // The backoff after one failure is 30 s ± 20 %.
        let second = try await deliver(pipeline, at: "2026-11-23T08:55")
        #expect(second.stderr.contains("1 cleared"), "\(second.stderr)")
        _ = try await deliver(pipeline, at: "2026-11-23T08:57")

        let clears = server.requests.filter { $0.method == "DELETE" }
        #expect(clears.count == 2)
        #expect(Set(clears.map(\.path)).count == 1)
        #expect(Set(clears.compactMap { $0.header("Idempotency-Key") }) == ["\(Self.reminder)#clear"])
    }
}

extension NtfySequenceEndToEndTests {
    @Test("tidings pending cancel of a delivered reminder takes it back from the phone; plan does not send it again")
    func userCancel() async throws {
        let server = try HTTPTestServer { _ in TestHTTPResponse(status: 200) }
        defer { server.stop() }
        let pipeline = try Pipeline(config: Self.config(server.baseURL))
        try pipeline.folder.write(CalendarEndToEndTests.calendar([CalendarEndToEndTests.standup]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:00")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:00")
        _ = try await deliver(pipeline, at: "2026-11-23T08:50")
        let cancel = try await pipeline.succeed("tidings", "pending", "cancel", Self.reminder, "--now", "2026-11-23T08:51")
        #expect(cancel.contains("clearing \(Self.reminder)"), "\(cancel)")
        _ = try await deliver(pipeline, at: "2026-11-23T08:52")
        // The meeting moves, but the user took the reminder back: no update.
        let moved = CalendarEndToEndTests.standup.replacingOccurrences(of: "Client review", with: "Client review (moved room)")
        try pipeline.folder.write(CalendarEndToEndTests.calendar([moved]), to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T08:53")
        try await pipeline.succeed("plan", "--now", "2026-11-23T08:53")
        _ = try await deliver(pipeline, at: "2026-11-23T08:54")
        #expect(server.requests.map(\.method) == ["POST", "DELETE"])
    }
}

/// Counts calls from the server's threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
