import Foundation
import Testing
import TidingsTestSupport

/// `tidings backup` through the built program.
@Suite(.sqliteFileOnly) struct BackupEndToEndTests {
    @Test("tidings backup makes a checked 0600 copy that the programs read like the original, and never overwrites")
    func backup() async throws {
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "3d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let copy = pipeline.folder.file("copy.sqlite")
        let output = try await pipeline.succeed("tidings", "backup", copy)
        #expect(output.hasPrefix("Backed up \(pipeline.database) to \(copy) ("))
        #expect(output.hasSuffix(" pages, checked)\n"))
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let arguments = ["report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-26T00:00"]
        let original = try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst()))
        let copied = try await pipeline.runner.run(arguments[0], Array(arguments.dropFirst()) + ["--db", copy])
        #expect(copied.status == 0)
        #expect(try JSONObject(copied.stdout).object("counts")?.int("delivered") == 1)
        #expect(try JSONObject(copied.stdout).object("counts")?.int("delivered") == JSONObject(original.stdout).object("counts")?.int("delivered"))
        #expect(try await pipeline.run("tidings", "inbox", "--count", "--db", copy).stdout == "1\n")

        // A second backup to the same name is refused, and the first copy is left as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let again = try await pipeline.run("tidings", "backup", copy)
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already"), "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: pipeline.folder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("tidings backup onto a full disk says the disk is full, how much is free and where, and leaves nothing behind")
    func fullDisk() async throws {
        // Given a database, and a 1 MiB tmpfs filled to the last byte (a mount namespace of
        // its own, as DiskFullEndToEndTests; where mounting is refused the script exits 90)
        let pipeline = try Pipeline(config: "[routes]\nsystem = [\"inbox\"]\n")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "3d")
        let mount = pipeline.folder.file("full")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=1m tidings-test "$FULL" || { echo "cannot mount a tmpfs (run the tests as root)" >&2; exit 90; }
            cat /dev/zero > "$FULL/filler" 2> /dev/null
            "$0" "$@"
            status=$?
            ls -A "$FULL" > "$FULL.ls"
            exit $status
            """
        // When it is backed up onto that disk
        let result = try await pipeline.runner.run(
            "tidings", ["backup", mount + "/copy.sqlite"], extra: ["FULL": mount], prefix: ["unshare", "-m", "sh", "-c", script])
        try #require(result.status != 90, "\(result.stderr)")

        // Then the failure says what happened, not "not an error"
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("tidings backup: error: database \(mount)/copy.sqlite: backup failed: the disk is full ("), "\(result.stderr)")
        #expect(result.stderr.contains(" free on \(mount))"), "\(result.stderr)")
        #expect(!result.stderr.contains("not an error"))
        #expect(try String(contentsOfFile: mount + ".ls", encoding: .utf8) == "filler\n")
    }
}
