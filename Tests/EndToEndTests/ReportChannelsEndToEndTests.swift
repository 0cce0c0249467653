import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `report --by channel` and expired items, through the built programs.
@Suite struct ReportChannelsEndToEndTests {
    static let window = ["--since", "2026-11-22T00:00", "--until", "2026-11-24T00:00", "--now", "2026-11-24T00:00"]

    /// Two daily items routed to a webhook that always answers 503 (two attempts allowed)
    /// and to the inbox: Nov 22 reaches the inbox while the webhook retries once, then gives
    /// up; Nov 23 is missed (4h30m late, grace 2h).
    func history(_ server: HTTPTestServer) async throws -> Pipeline {
        let pipeline = try Pipeline(
            config: """
                [routes]
                system = ["webhook:hook", "inbox"]
                [[webhooks]]
                name = "hook"
                url = "\(server.baseURL)/hook"
                format = "json"
                max_attempts = 2
                """)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "2d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let gaveUp = try await pipeline.run("deliver", "--now", "2026-11-22T09:00")
        #expect(gaveUp.status == 1, "the run's only send failed")
        try await pipeline.succeed("deliver", "--now", "2026-11-23T12:00")
        return pipeline
    }

    @Test("table: a section per channel with its counts and grouped reasons; missed items are left out")
    func table() async throws {
        let server = try HTTPTestServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let pipeline = try await history(server)
        let lines = try await pipeline.run(report: ["--by", "channel"] + Self.window).lines
        let start = try #require(lines.firstIndex { $0.hasPrefix("By channel ") })
        #expect(lines.contains("Delivery         50.0%   1 delivered, 1 missed, 0 failed, 0 expired"))
        try #require(lines.count == start + 4, "\(lines)")
        #expect(lines[start + 1] == "inbox           100.0%   1 of 1 delivered, 0 failed, 0 retries")
        #expect(lines[start + 2] == "webhook:hook      0.0%   0 of 1 delivered, 1 failed, 1 retry")
        #expect(lines[start + 3].hasPrefix("                     1   gave up after 2 attempts: HTTP 503"))
    }

    @Test("json: channels with delivered, failed, retried and reasons; prometheus: tidings_deliveries")
    func machineFormats() async throws {
        let server = try HTTPTestServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let pipeline = try await history(server)
        let report = try JSONObject(try await pipeline.succeed(report: ["--format", "json", "--by", "channel"] + Self.window))
        let channels = try #require(report["channels"] as? [[String: Any]]).map(JSONObject.init(fields:))
        #expect(channels.map { $0.string("channel") } == ["inbox", "webhook:hook"])
        #expect(channels.map { $0.int("delivered") } == [1, 0])
        #expect(channels.map { $0.int("failed") } == [0, 1])
        #expect(channels.map { $0.int("retried") } == [0, 1])
        let reasons = try #require(channels[1]["reasons"] as? [[String: Any]]).map(JSONObject.init(fields:))
        #expect(reasons.count == 1)
        #expect(reasons.first?.string("reason")?.hasPrefix("gave up after 2 attempts: HTTP 503") == true)
        #expect(reasons.first?.int("count") == 1)

        let prometheus = try await pipeline.succeed(report: ["--format", "prometheus", "--by", "channel"] + Self.window)
        #expect(prometheus.contains("tidings_deliveries{channel=\"inbox\",outcome=\"delivered\"} 1\n"))
        #expect(prometheus.contains("tidings_deliveries{channel=\"webhook:hook\",outcome=\"failed\"} 1\n"))
        #expect(prometheus.contains("tidings_deliveries{channel=\"webhook:hook\",outcome=\"retry\"} 1\n"))
        #expect(!prometheus.contains("channel=\"none\""))
        let plain = try await pipeline.succeed(report: ["--format", "prometheus"] + Self.window)
        #expect(!plain.contains("tidings_deliveries"))
    }

    @Test(
        "--by takes only channel, and not with nagios: usage errors, exit 64; --help teaches it",
        arguments: [
            (["--by", "source"], "'source'"),
            (["--by", "channel", "--format", "nagios"], "--by channel is shown by --format table, json or prometheus, not nagios"),
        ])
    func usage(arguments: [String], message: String) async throws {
        let pipeline = try Pipeline()
        let result = try await pipeline.run(report: arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let help = try await pipeline.succeed("report", "--help")
        #expect(help.contains("--by <what>"))
        #expect(help.contains("delivered / (delivered + missed + failed + expired)"))
    }

    @Test("An item that expired before it was sent counts against the delivery rate")
    func expired() async throws {
        let pipeline = try Pipeline(
            config: """
                [delivery]
                grace = "20h"
                [monitoring]
                expect_prefetch = "off"
                expect_plan = "off"
                expect_deliver = "off"
                """)
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "2d")
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-22T07:30")
        // The Nov 23 item expires at the end of its day. Mark it as deliver's expiry step
        // does, on the pipeline's own database file.
        let database = try TidingsDatabase(path: pipeline.database)
        let expired = try database.markExpired(now: TestClock.at("2026-11-24T00:30", in: .named("Europe/Berlin")), zone: .named("Europe/Berlin"))
        #expect(expired.map(\.id) == ["daily:2026-11-23"])

        let json = try JSONObject(try await pipeline.succeed(report: ["--format", "json"] + Self.window))
        #expect(json.double("deliveryRate") == 0.5)
        #expect(json.object("counts")?.int("expired") == 1)
        #expect(json.object("counts")?.int("delivered") == 1)
        let table = try await pipeline.succeed(report: Self.window)
        #expect(table.contains("\nDelivery         50.0%   1 delivered, 0 missed, 0 failed, 1 expired\n"))
        let prometheus = try await pipeline.succeed(report: ["--format", "prometheus"] + Self.window)
        #expect(prometheus.contains("tidings_notifications{state=\"expired\"} 1\n"))
        #expect(prometheus.contains("tidings_delivery_ratio 0.5\n"))
        let nagios = try await pipeline.run(report: ["--format", "nagios", "--warn", "0.6", "--crit", "0.4"] + Self.window)
        #expect(nagios.status == 1, "\(nagios.stdout)")
        #expect(nagios.stdout.contains(", delivery 50.0% (1/2), "))
        #expect(nagios.stdout.contains(" delivered=1 missed=0 capped_missed=0 failed=0 expired=1 "))
    }
}

extension Pipeline {
    /// Runs `report` with `arguments` built as an array.
    fileprivate func run(report arguments: [String]) async throws -> ProgramResult {
        try await runner.run("report", arguments)
    }

    /// Runs `report` with `arguments` and requires exit status 0, returning standard output.
    fileprivate func succeed(report arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await runner.run("report", arguments)
        #expect(result.status == 0, "report \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}
