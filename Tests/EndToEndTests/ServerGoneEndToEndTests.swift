import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsPostgres
import TidingsStore
import TidingsTestSupport

/// The PostgreSQL server stopped while `deliver` sends to a slow webhook: deliver fails
/// naming the server, the Nagios line is CRITICAL while it is down, and once it is back the
/// next runs send every item, each under its own key, with one delivery recorded per item.
@Suite(.serialized) struct ServerGoneEndToEndTests {
    @Test("the server stopped mid-deliver: a clear error naming it, CRITICAL on the Nagios line, then every item delivered once by key")
    func serverStoppedMidDeliver() async throws {
        // A cluster of this test's own: stopping the shared one would fail every other test.
        let cluster = try PostgresTestCluster.ownCluster()
        defer { cluster.destroy() }
        let url = try cluster.createDatabase().absoluteString

        let received = Mutex([String: Int]())
        let hook = try HTTPTestServer { request in
            received.withLock { $0[request.header("Idempotency-Key") ?? "", default: 0] += 1 }
            return TestHTTPResponse(status: 200, delay: 0.1)
        }
        defer { hook.stop() }
        let folder = try TemporaryDirectory()
        let config = try folder.write(
            """
            [routes]
            system = ["webhook:hook"]
            [[webhooks]]
            name = "hook"
            url = "\(hook.baseURL)/hook"
            format = "json"
            timeout = "5s"
            max_attempts = 8
            """, to: "config.toml")
        let runner = ProgramRunner(environment: [
            "TZ": "UTC", "TIDINGS_DB": url, "TIDINGS_CONFIG": config, "XDG_STATE_HOME": folder.file("state"),
            "XDG_CACHE_HOME": folder.file("cache"),
        ])

        // Given 40 items due now, none expiring for hours.
        let now = TestClock.at("2026-11-22T12:00:00Z")
        let ids = (0..<40).map { "load:\($0)" }
        let items = ids.enumerated().map { n, id in
            NotificationRecord(
                id: id, kind: .daily, category: .system, title: "Item \(n)", body: "Body", deepLink: nil, dueAt: now - Int64(n) * 1000,
                plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh, contentFetchTime: now - 3_600_000,
                expiresAt: now + 6 * 3_600_000, now: now - 3_600_000)
        }
        let store = try TidingsDatabase(path: url)
        _ = try store.applyPlan(items, now: now - 3_600_000)
        store.closeConnection()

        // When the server stops while deliver waits on the slow receiver,
        async let running = runner.run("deliver", ["--now", "2026-11-22T12:00:00Z"])
        let sending = await waitUntil { received.withLock { $0.count } >= 3 }
        #expect(sending, "deliver reached the receiver")
        try cluster.stopServer()
        let stopped = try await running

        // then deliver fails, naming the server and not its password,
        let server = "127.0.0.1:\(cluster.port)"
        #expect(stopped.status != 0)
        #expect(stopped.stderr.contains("deliver: error:"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains(server), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("the server cannot be reached: what was not recorded is done by the next run"), "\(stopped.stderr)")
        #expect(!stopped.stderr.contains(cluster.password) && !stopped.stdout.contains(cluster.password))
        // and so does a run that starts while it is down,
        let down = try await runner.run("deliver", ["--now", "2026-11-22T12:01:00Z"])
        #expect(down.status == 1)
        #expect(down.stderr.contains(server) && down.stderr.contains("open failed"), "\(down.stderr)")
        #expect(!down.stderr.contains(cluster.password))
        // and the Nagios line is CRITICAL, naming it.
        let nagios = try await runner.run("report", ["--format", "nagios", "--now", "2026-11-22T12:01:00Z"])
        #expect(nagios.status == 2, "\(nagios.stdout) \(nagios.stderr)")
        #expect(nagios.stdout.hasPrefix("TIDINGS CRITICAL - the store's server postgresql://tidings:***@\(server)/"), "\(nagios.stdout)")
        #expect(nagios.lines.count == 1)
        #expect(nagios.stdout.contains("cannot be reached: connection to server at \"127.0.0.1\", port \(cluster.port) failed"), "\(nagios.stdout)")
        #expect(!nagios.stdout.contains(cluster.password) && !nagios.stderr.contains(cluster.password))

        // Once the server is back, the next runs finish the work: every item reached the
        // receiver under its own key, and each has exactly one delivery recorded.
        try cluster.startServer()
        for minute in [2, 10, 30, 59] {
            let result = try await runner.run("deliver", ["--now", String(format: "2026-11-22T12:%02d:00Z", minute)])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let keys = received.withLock { $0 }
        #expect(Set(keys.keys) == Set(ids), "never sent: \(Set(ids).subtracting(keys.keys).sorted())")
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        let states = try connection.execute("SELECT state, count(*) FROM notification GROUP BY state").rows.map {
            "\($0[0].string ?? "?") \($0[1].int64 ?? 0)"
        }
        #expect(states == ["delivered 40"])
        let recorded = try connection.execute(
            "SELECT notificationId, count(*) FROM delivery WHERE channel = 'webhook:hook' AND outcome = 'delivered' GROUP BY notificationId"
        ).rows
        #expect(recorded.count == 40)
        #expect(recorded.allSatisfy { $0[1].int64 == 1 }, "one delivery per item")
        let resent = keys.filter { $0.value > 1 }.count
        let report = try await runner.run("report", ["--format", "nagios", "--now", "2026-11-22T12:59:30Z"])
        #expect(
            report.stdout.contains("delivery 100.0% (40/40)") && !report.stdout.contains("cannot be reached"),
            "\(report.stdout); \(resent) sent again after the restart")
    }
}
