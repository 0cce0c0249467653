import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// deliver, through the built programs: JSON lines, grace, overlapping runs, no network.
@Suite struct DeliverEndToEndTests {
    static let feedConfig = """
        [[sources]]
        name = "daily"
        url = "file:today.json"
        """

    @Test("plan then deliver: the JSON line carries every field, once")
    func jsonLine() async throws {
        let pipeline = try Pipeline(config: Self.feedConfig)
        try pipeline.folder.write(
            Feed.item(id: "n1", title: "Rain at noon", body: "Take an umbrella", extra: #","deepLink":"https://example.org/weather""#),
            to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")

        let early = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:29", "--format", "json")
        #expect(early.isEmpty, "nothing is due before 07:30")

        let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:31", "--format", "json")
        let lines = try JSONObject.lines(output)
        try #require(lines.count == 1)
        let line = lines[0]
        #expect(line.string("id") == "daily:2026-11-22")
        #expect(line.string("kind") == "daily")
        #expect(line.string("category") == "system")
        #expect(line.string("title") == "Rain at noon")
        #expect(line.string("body") == "Take an umbrella")
        #expect(line.string("scheduledAt") == "2026-11-22T07:30:00+01:00")
        #expect(line.string("deliveredAt") == "2026-11-22T07:31:00+01:00")
        #expect(line.string("staleness") == "fresh")
        #expect(line.string("deepLink") == "https://example.org/weather")

        let again = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:32", "--format", "json")
        #expect(again.isEmpty, "a delivered item is not sent twice")
    }

    @Test("The delivery row names the platform: the os-release fields, the kernel, systemd or unattended, the version")
    func platformInfo() async throws {
        var pipeline = try Pipeline()
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        pipeline.runner.environment["INVOCATION_ID"] = "0123456789abcdef"
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:31")
        let stored = try TidingsDatabase(path: pipeline.database).lastDeliveredPlatformInfo(ids: ["daily:2026-11-22"], channel: .stdout)
        let row = try JSONObject(try #require(stored["daily:2026-11-22"]))
        #expect(row.string("channel") == "stdout")
        let platform = try #require(row.object("platform"))
        let release = OSReleaseFields.read()
        #expect(platform.string("os") == release["ID"])
        #expect(platform.string("osVersion") == release["VERSION_ID"])
        #expect(platform.string("osName") == release["PRETTY_NAME"])
        #expect(platform.string("kernel")?.isEmpty == false)
        #expect(platform.string("startedBy") == "systemd")
        #expect(platform.string("version") == TidingsVersion.current)
    }

    @Test("Items due longer ago than grace become missed and are not sent")
    func grace() async throws {
        let pipeline = try Pipeline(config: "[delivery]\ngrace = \"30m\"\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        let output = try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T08:01", "--format", "json")
        #expect(output.isEmpty)
        let report = try JSONObject(try await pipeline.succeed("report", "--format", "json", "--now", "2026-11-22T09:00"))
        #expect(report.object("counts")?.int("missed") == 1)
        #expect(report.double("deliveryRate") == 0)
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver")
        #expect(log.contains("0 delivered, 0 failed, 1 missed"))
    }

    @Test("Four deliver runs at once on 5,000 due items: each delivered exactly once")
    func overlappingRuns() async throws {
        // Given 5,000 items, all due within the last hour and not expired
        let pipeline = try Pipeline(zone: "UTC")
        let now = TestClock.at("2026-11-22T12:00:00Z")
        try pipeline.seedDueItems(5000, at: now, spacing: 600)
        // When four deliver runs start at the same moment, one of them asked to wait for the lock
        let arguments = ["deliver", "--channel", "stdout", "--now", "2026-11-22T12:00:00Z", "--format", "json"]
        async let first = pipeline.runner.run(arguments[0], Array(arguments.dropFirst()))
        async let second = pipeline.runner.run(arguments[0], Array(arguments.dropFirst()))
        async let third = pipeline.runner.run(arguments[0], Array(arguments.dropFirst()))
        async let waiting = pipeline.runner.run(arguments[0], Array(arguments.dropFirst()) + ["--wait-lock"])
        let results = try await [first, second, third, waiting]
        // Then every item went out once, and a run that found the lock taken said so and ended well
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let ids = try results.flatMap { try JSONObject.lines($0.stdout).compactMap { $0.string("id") } }
        #expect(ids.count == 5000)
        #expect(Set(ids).count == 5000)
        for result in results where result.stdout.isEmpty && !result.stderr.isEmpty {
            #expect(result.stderr.contains("another deliver run is still running"), "\(result.stderr)")
        }
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 5000)
    }

    @Test("A run that finds its program's lock taken ends at once with a line and status 0; --wait-lock waits for it, within --lock-timeout")
    func lockTaken() async throws {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        // Another deliver run holds the lock.
        let held = open(pipeline.localStem + ".deliver.lock", O_RDWR | O_CREAT, 0o600)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        let busy = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(busy.status == 0)
        #expect(
            busy.stderr
                == "deliver: another deliver run is still running (it holds \(pipeline.localStem).deliver.lock); this one ends (--wait-lock waits for it)\n"
        )
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n")
        // A plan run is not held up by deliver's lock.
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:01", "--horizon", "1d")

        // A bounded wait gives up with status 1 and says why.
        let started = ContinuousClock.now
        let gaveUp = try await pipeline.run("deliver", "--now", "2026-11-22T07:30", "--wait-lock", "--lock-timeout", "1s")
        #expect(gaveUp.status == 1)
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(
            gaveUp.stderr
                == "deliver: error: another deliver run still holds \(pipeline.localStem).deliver.lock after 1s of waiting (--lock-timeout); is it stuck?\n"
        )
        let usage = try await pipeline.run("deliver", "--now", "2026-11-22T07:30", "--lock-timeout", "1s")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--lock-timeout needs --wait-lock"), "\(usage.stderr)")

        async let waited = pipeline.run("deliver", "--now", "2026-11-22T07:30", "--wait-lock")
        // It has the lock file open: it is trying for the lock, and cannot deliver without it.
        #expect(await waitUntil { !processes(holdingOpen: "\(pipeline.localStem).deliver.lock").isEmpty })
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n", "still waiting")
        close(held)
        let result = try await waited
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
    }

    @Test("Offline at display time: deliver in a network namespace with no network still delivers", .sqliteFileOnly)
    func offline() async throws {
        let pipeline = try Pipeline(config: Self.feedConfig)
        try pipeline.folder.write(Feed.item(id: "o", title: "Cached", body: "Shown offline"), to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00")
        // The namespace has no interface but a loopback that is down: no network at all.
        let probe = try await pipeline.run("deliver", "--help", prefix: ["unshare", "-n"])
        try #require(probe.status == 0, "unshare -n must work here (run as root): \(probe.stderr)")
        let result = try await pipeline.run(
            "deliver", "--channel", "stdout", "--now", "2026-11-22T07:30", "--format", "json", prefix: ["unshare", "-n"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONObject.lines(result.stdout).map { $0.string("title") } == ["Cached"])
    }
}

/// The machine's os-release fields, read here the plain way to compare with what deliver recorded.
enum OSReleaseFields {
    static func read() -> [String: String] {
        let text = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            fields[parts[0]] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return fields
    }
}
