import Foundation
import Glibc
import Synchronization
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Four `deliver` hosts sharing one PostgreSQL store: one killed in the middle of a step, one
/// stopped past its lease and woken after its claims were taken over. Every item reaches the
/// webhook under its one key, the inbox once, stdout at most once, and the stale host's late
/// outcomes are refused and counted as suspected duplicates.
@Suite(.serialized) struct LeaseChaosEndToEndTests {
    static let items = 5000
    static let start = "2026-11-22T12:00:00Z"
    /// Far past every lease of the first runs (2 minutes from their start, renewed while
    /// they ran), well within the grace: the time the later rounds run at.
    static let later = "2026-11-22T13:00:00Z"

    /// Holds the webhook requests of the named workers until opened: a worker whose request
    /// waits here is in the middle of a step.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var closed: Set<String>
        private var arrived: [String: Int] = [:]

        init(closed: Set<String>) { self.closed = closed }

        /// Counts a request of `worker` and holds it while its gate is closed.
        func pass(_ worker: String) {
            condition.lock()
            defer { condition.unlock() }
            arrived[worker, default: 0] += 1
            while closed.contains(worker) { condition.wait() }
        }

        /// Lets `workers`' requests through, the held ones first.
        func open(_ workers: [String]) {
            condition.lock()
            defer { condition.unlock() }
            closed.subtract(workers)
            condition.broadcast()
        }

        /// How many requests of `worker` came.
        func requests(of worker: String) -> Int {
            condition.lock()
            defer { condition.unlock() }
            return arrived[worker, default: 0]
        }
    }

    /// The ids of the complete JSON lines of `text` (a killed run may end mid-line).
    static func shownIDs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
    }

    /// The config of a worker: everything to the webhook, the inbox and stdout; its webhook
    /// URL names the worker, so the receiver knows who sent what.
    static func config(_ worker: String, server: HTTPTestServer) -> String {
        """
        [delivery]
        grace = "1d"
        [routes]
        system = ["webhook:hook", "inbox", "stdout"]
        [[webhooks]]
        name = "hook"
        url = "\(server.baseURL)/hook/\(worker)"
        format = "json"
        timeout = "1m"
        """
    }

    @Test(
        "4 deliver hosts over 5,000 items on PostgreSQL, one killed mid-step and one stopped past its lease: one key per item, each answered, the inbox once, stdout at most once, the late outcomes counted"
    )
    func chaos() async throws {
        let folder = try TemporaryDirectory()
        let database = try PostgresTestCluster.shared().createDatabase().absoluteString
        let now = TestClock.at(Self.start)
        // Given 5,000 items due, seeded as plan would store them,
        let items = (0..<Self.items).map { n in
            NotificationRecord(
                id: "item:\(n)", kind: .daily, category: .system, title: "Item \(n)", body: "Body \(n)", deepLink: nil,
                dueAt: now - Int64(n), plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: now - 3_600_000, now: now - 3_600_000)
        }
        let store = try TidingsDatabase(postgres: database)
        _ = try store.applyPlan(items, now: now - 3_600_000)
        store.closeConnection()

        // and a receiver that holds the requests of w1 and w2 until told,
        let gate = Gate(closed: ["w1", "w2"])
        let server = try HTTPTestServer { request in
            gate.pass(String(request.path.split(separator: "/").last ?? ""))
            return TestHTTPResponse(status: 200)
        }
        defer {
            gate.open(["w1", "w2"])
            server.stop()
        }
        let runner = ProgramRunner(environment: [:])
        func environment(_ worker: String) throws -> [String: String] {
            for kind in ["state", "cache"] {
                try FileManager.default.createDirectory(atPath: folder.file("\(worker)/\(kind)"), withIntermediateDirectories: true)
            }
            return [
                "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": folder.path, "TZ": "UTC",
                "TIDINGS_DB": database, "TIDINGS_CONFIG": try folder.write(Self.config(worker, server: server), to: "\(worker).toml"),
                // Each host's own files (its stage lock) in a folder of its own.
                "XDG_STATE_HOME": folder.file("\(worker)/state"), "XDG_CACHE_HOME": folder.file("\(worker)/cache"),
            ]
        }
        // Each worker a host of its own: its own UTS (host name) and pid namespaces.
        func startWorker(_ name: String) throws -> BackgroundProgram {
            try BackgroundProgram(
                [
                    "unshare", "--uts", "--pid", "--fork", "--mount-proc", "sh", "-c", #"hostname "$1" && shift && exec "$@""#, "sh", name,
                    runner.path("deliver"), "--now", Self.start, "--format", "json",
                ], environment: try environment(name), stdout: folder.file("\(name).out"), stderr: folder.file("\(name).err"))
        }

        // When w1 and w2 are each in the middle of a webhook step, w3 and w4 start beside them;
        let w1 = try startWorker("w1")
        let w2 = try startWorker("w2")
        let inStep = await waitUntil(limit: .seconds(300)) { gate.requests(of: "w1") > 0 && gate.requests(of: "w2") > 0 }
        #expect(inStep, "w1 and w2 reached their webhook steps")
        let w3 = try startWorker("w3")
        let w4 = try startWorker("w4")
        // w1 is killed there, and w2 stopped past its lease (answered, but not reading it).
        w1.signal(SIGKILL)
        w2.signal(SIGSTOP)
        gate.open(["w1", "w2"])
        _ = await w1.wait()
        for (name, worker) in [("w3", w3), ("w4", w4)] {
            let status = await worker.wait()
            #expect(
                BackgroundProgram.exitCode(status) == 0,
                "\(name): \((try? String(contentsOfFile: folder.file("\(name).err"), encoding: .utf8)) ?? "")")
        }

        // A later round on this host takes over the claims of w1 and w2, whose leases expired;
        let laterEnvironment = try environment("later")
        let laterRunner = ProgramRunner(binaries: runner.binaries, environment: laterEnvironment)
        var shownLater: [String] = []
        let takeover = try await laterRunner.run("deliver", ["--now", Self.later, "--format", "json"])
        #expect(takeover.status == 0, "\(takeover.stderr)")
        shownLater += Self.shownIDs(takeover.stdout)
        // then w2 wakes, finds its outcomes refused and sends nothing more,
        w2.signal(SIGCONT)
        let w2Status = await w2.wait()
        #expect(BackgroundProgram.exitCode(w2Status) == 0, "\((try? String(contentsOfFile: folder.file("w2.err"), encoding: .utf8)) ?? "")")
        // and further rounds run until nothing is due.
        var rounds = 0
        while rounds < 10 {
            let result = try await laterRunner.run("deliver", ["--now", Self.later, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            shownLater += Self.shownIDs(result.stdout)
            rounds += 1
            let check = try TidingsDatabase(postgres: database)
            defer { check.closeConnection() }
            if try !check.hasDeliveryWork(at: TestClock.at(Self.later)) { break }
        }
        #expect(rounds < 10, "nothing left due after the later rounds")

        // Then every item reached the webhook under its own key, and was answered 2xx to a
        // worker that lived to read it (w1's requests went unread).
        let ids = Set(items.map(\.id))
        let requests = server.requests
        var keysBySender: [String: Set<String>] = [:]
        for request in requests {
            let key = try #require(request.header("Idempotency-Key"))
            let body = try JSONObject(String(decoding: request.body, as: UTF8.self))
            #expect(body.string("id") == key, "one key per item: \(key) carried \(body.string("id") ?? "no id")")
            keysBySender[String(request.path.split(separator: "/").last ?? ""), default: []].insert(key)
        }
        let answered = keysBySender.filter { $0.key != "w1" }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(answered == ids, "\(ids.subtracting(answered).count) items never answered to a live worker")
        #expect(Set(requests.compactMap { $0.header("Idempotency-Key") }) == ids)

        // The inbox holds each item once.
        let inbox = try await laterRunner.run("tidings", ["inbox", "--format", "json", "--all", "--limit", "20000"])
        let entries = inbox.lines.compactMap { try? JSONObject($0).string("id") }
        #expect(entries.count == Self.items && Set(entries) == ids, "\(entries.count) inbox entries, \(Set(entries).count) distinct")

        // stdout showed each item at most once, across every worker and round.
        var shown = shownLater
        for name in ["w1", "w2", "w3", "w4"] {
            shown += Self.shownIDs((try? String(contentsOfFile: folder.file("\(name).out"), encoding: .utf8)) ?? "")
        }
        #expect(Set(shown).count == shown.count, "\(shown.count - Set(shown).count) items shown twice")
        #expect(shown.count >= Self.items - 2 * 256, "only the stdout steps of w1 and w2 in flight may be lost: \(shown.count) shown")

        // report's counts equal the receiver's: every item delivered, once on the webhook,
        // and the late sends of w2 (the items it sent and the later round sent again) counted
        // as suspected duplicates.
        let report = try await laterRunner.run(
            "report", ["--format", "json", "--by", "channel", "--since", "2026-11-21T00:00:00Z", "--until", "2026-11-23T00:00:00Z"])
        #expect(report.status == 0, "\(report.stderr)")
        let json = try JSONObject(report.stdout)
        let counts = try #require(json.object("counts"))
        #expect(counts.int("delivered") == Self.items)
        let channels = try #require(json["channels"] as? [[String: Any]]).map(JSONObject.init(fields:))
        let webhook = try #require(channels.first { $0.string("channel") == "webhook:hook" })
        #expect(webhook.int("delivered") == answered.count)
        let resentFromW2 = (keysBySender["w2"] ?? []).intersection(
            keysBySender.filter { $0.key != "w2" }.values.reduce(into: Set<String>()) { $0.formUnion($1) })
        #expect(!resentFromW2.isEmpty, "w2 had sent a step the later round sent again")
        #expect(counts.int("suspectedDuplicates") == resentFromW2.count)
    }
}
