import Foundation
import Testing
import TidingsTestSupport

/// `tidings backup` through the built program.
@Suite struct BackupEndToEndTests {
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
}
