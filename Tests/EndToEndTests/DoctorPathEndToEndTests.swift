import Foundation
import Testing
import TidingsTestSupport

/// doctor's free-space check with a database named by a bare relative path.
@Suite struct DoctorRelativePathEndToEndTests {
    @Test("--db x.sqlite is found in the working folder: doctor gives its free space")
    func relative() async throws {
        let pipeline = try Pipeline()
        let work = pipeline.folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let inWork = ["sh", "-c", #"cd "$WORK" && exec "$0" "$@""#]
        let plan = try await pipeline.runner.run("plan", ["--db", "x.sqlite", "--now", "2026-11-22T06:00"], extra: ["WORK": work], prefix: inWork)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(FileManager.default.fileExists(atPath: work + "/x.sqlite"))
        let doctor = try await pipeline.runner.run("tidings", ["doctor", "--db", "x.sqlite"], extra: ["WORK": work], prefix: inWork)
        let line = try #require(doctor.stdout.split(separator: "\n").first { $0.contains(" database ") }, "\(doctor.stdout)")
        #expect(line.contains("x.sqlite: writable, intact; "), "\(line)")
        #expect(line.contains(" free on /"), "\(line)")
    }
}
