import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// deliver on a real full file system: a small tmpfs in a mount namespace of its own
/// (`unshare -m`, which needs root, as the test suite runs in CI), filled to the last byte by
/// another file. Where mounting is refused, the scenario fails with status 90.
@Suite(.serialized, .sqliteFileOnly) struct DiskFullEndToEndTests {
    static let now = TestClock.at("2026-11-22T12:00:00Z")

    /// How one deliver run ended.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// What one scenario left: each deliver run's result, the state folder's files after it,
    /// and a copy of the database taken at the end.
    struct Outcome {
        var runs: [Run]
        var files: [[String]]
        /// What `tidings doctor` printed after the first run, the disk still full.
        var doctor: String
        var database: TidingsDatabase
    }

    /// Copies `seed` (with its -shm file when `copyShm`) onto a tmpfs mounted over the
    /// pipeline's state folder, opens it once
    /// with an idle `deliver` an hour before when `openFirst` (which keeps the reserve file while
    /// there is room and writes nothing else; the runs that only look, such as `tidings log` or
    /// `plan --dry-run`, open it read-only and never create it),
    /// fills the disk, runs `deliver` and `tidings doctor` there; deletes the filler and runs
    /// `deliver` again; then copies the database out.
    func scenario(_ pipeline: Pipeline, seed: String, openFirst: Bool, copyShm: Bool = true) async throws -> Outcome {
        let state = pipeline.folder.file("state")
        let out = pipeline.folder.file("out")
        for folder in [state, out] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let size = (try FileManager.default.attributesOfItem(atPath: seed)[.size] as? Int ?? 0) + 12 << 20
        let script = """
            set -u
            mount -t tmpfs -o size=\(size) tidings-test "$STATE" || { echo "cannot mount a tmpfs (run the tests as root)" >&2; exit 90; }
            for suffix in "" -wal $SHM; do cp "$SEED$suffix" "$STATE/tidings.sqlite$suffix" || exit 91; done
            [ "$OPEN_FIRST" = 1 ] && "$BIN/deliver" --channel stdout --now 2026-11-22T11:00:00Z > /dev/null
            cat /dev/zero > "$STATE/filler" 2> /dev/null
            for run in 1 2; do
              "$0" "$@" > "$OUT/$run.out" 2> "$OUT/$run.err"
              echo $? > "$OUT/$run.status"
              ls "$STATE" > "$OUT/$run.ls"
              [ $run = 1 ] && "$BIN/tidings" doctor > "$OUT/doctor.out" 2>&1
              rm -f "$STATE/filler"
            done
            cp "$STATE/tidings.sqlite" "$STATE/tidings.sqlite-wal" "$OUT/" || exit 92
            """
        let result = try await pipeline.runner.run(
            "deliver", ["--channel", "stdout", "--format", "json", "--now", "2026-11-22T12:00:00Z"],
            extra: [
                "STATE": state, "OUT": out, "SEED": seed, "BIN": pipeline.runner.binaries, "OPEN_FIRST": openFirst ? "1" : "0",
                "SHM": copyShm ? "-shm" : "",
            ],
            prefix: ["unshare", "-m", "sh", "-c", script])
        try #require(result.status == 0, "the scenario script failed (\(result.status)): \(result.stderr)")
        func read(_ name: String) throws -> String { try String(contentsOfFile: out + "/" + name, encoding: .utf8) }
        var runs: [Run] = []
        var files: [[String]] = []
        for run in 1...2 {
            let status = try #require(Int32(read("\(run).status").trimmingCharacters(in: .whitespacesAndNewlines)))
            runs.append(Run(status: status, stdout: try read("\(run).out"), stderr: try read("\(run).err")))
            files.append(try read("\(run).ls").split(separator: "\n").map(String.init))
        }
        return Outcome(runs: runs, files: files, doctor: try read("doctor.out"), database: try TidingsDatabase(path: out + "/tidings.sqlite"))
    }

    /// Five items due now, none expiring within the hour.
    func dueItems(_ database: TidingsDatabase) throws -> [String] {
        let items = (0..<5).map { n in
            NotificationRecord(
                id: "due:\(n)", kind: .daily, category: .system, title: "Due \(n)", body: "Body", deepLink: nil,
                dueAt: Self.now - Int64(n) * 60_000, plannedLocal: "2026-11-22T12:00", plannedZone: "UTC", staleness: .fresh,
                contentFetchTime: nil, expiresAt: Self.now + 3_600_000, now: Self.now - 3_600_000)
        }
        _ = try database.applyPlan(items, now: Self.now - 3_600_000)
        return items.map(\.id)
    }

    /// The ids deliver printed.
    func printed(_ result: Run) throws -> [String] {
        try JSONObject.lines(result.stdout).compactMap { $0.string("id") }.sorted()
    }

    @Test("A full disk: the reserve and the oldest history make room, every due item goes out once, nothing else is lost")
    func oldHistoryMakesRoom() async throws {
        // Given months of history and five due items, on a disk with no byte left
        let pipeline = try Pipeline(zone: "UTC")
        let seed = pipeline.folder.file("seed/tidings.sqlite")
        let due: [String]
        do {
            let database = try TidingsDatabase(path: seed)
            try HistorySeed.fill(database, count: 6000, before: Self.now - 3_600_000, spacing: 3_600_000)
            due = try dueItems(database)
        }

        // When deliver runs on it, and again once the disk has room
        let outcome = try await scenario(pipeline, seed: seed, openFirst: true)

        // Then the first run sent every due item and gave up the reserve; the second sent nothing again and got the reserve back
        #expect(outcome.runs[0].status == 0, "\(outcome.runs[0].stderr)")
        #expect(try printed(outcome.runs[0]) == due)
        #expect(!outcome.files[0].contains("tidings.sqlite.reserve"), "\(outcome.files[0])")
        #expect(outcome.runs[1].status == 0, "\(outcome.runs[1].stderr)")
        #expect(outcome.runs[1].stdout.isEmpty)
        #expect(outcome.files[1].contains("tidings.sqlite.reserve"), "\(outcome.files[1])")
        // The file is intact; the due items are delivered, the oldest history went, the newest and the unread inbox item stayed
        let database = outcome.database
        #expect(try database.integrityCheck(full: true) == "ok")
        #expect(try database.notifications(ids: due).values.allSatisfy { $0.state == .delivered })
        #expect(try database.notifications(ids: ["old:5999"]).isEmpty, "the oldest history went")
        #expect(try database.notifications(ids: ["old:0"])["old:0"]?.state == .delivered, "the newest history stayed")
        #expect(try database.inboxItems(includeRead: false, limit: 10, at: 0).map(\.notification.id) == ["unread:0"])
        #expect(try database.recentStageRuns(limit: 1, stage: .deliver).first?.outcome == .ok)
    }

    @Test(
        "A full disk with nothing to delete: deliver sends nothing, says why and exits 1; once there is room it sends each item once",
        arguments: [("claim due notifications", true), ("open", false)])
    func nothingToDelete(failingStep: String, shmPresent: Bool) async throws {
        // Given five due items and no history, on a disk with no byte left and no reserve
        // (and without the -shm file, which opening then cannot create)
        let pipeline = try Pipeline(zone: "UTC")
        let seed = pipeline.folder.file("seed/tidings.sqlite")
        let due: [String]
        do { due = try dueItems(try TidingsDatabase(path: seed)) }

        // When deliver runs on it, and again once the disk has room
        let outcome = try await scenario(pipeline, seed: seed, openFirst: false, copyShm: shmPresent)

        // Then the first run failed clearly and sent nothing
        let failed = outcome.runs[0]
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        let state = pipeline.folder.file("state")
        #expect(
            failed.stderr.hasPrefix("deliver: error: database \(pipeline.database): \(failingStep) failed: the disk is full ("), "\(failed.stderr)")
        #expect(failed.stderr.contains("B free on \(state)); "), "\(failed.stderr)")
        #expect(failed.stderr.hasSuffix("; free space and run again\n"), "\(failed.stderr)")
        if shmPresent {
            let line = outcome.doctor.split(separator: "\n").first { $0.hasPrefix("✗ database ") }.map(String.init) ?? ""
            #expect(line.hasPrefix("✗ database         \(pipeline.database): writable, intact; "), "\(outcome.doctor)")
            #expect(line.contains("B free on \(state)"), "\(outcome.doctor)")
            #expect(outcome.doctor.contains("fix: free space on \(state): when the disk is full, Tidings deletes its oldest history to go on"))
        }
        // The second sent every item, once; the file is intact
        #expect(outcome.runs[1].status == 0, "\(outcome.runs[1].stderr)")
        #expect(try printed(outcome.runs[1]) == due)
        #expect(try outcome.database.integrityCheck(full: true) == "ok")
        #expect(try outcome.database.notifications(ids: due).values.map(\.state) == Array(repeating: .delivered, count: 5))
    }
}
