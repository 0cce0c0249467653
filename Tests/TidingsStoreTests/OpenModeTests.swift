import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Opening a database without creating one.
@Suite struct OpenModeTests {
    @Test("existingOnly on a missing file throws isMissingDatabase and creates nothing")
    func missing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("a/b/tidings.sqlite")
        do {
            _ = try TidingsDatabase(path: path, mode: .existingOnly)
            Issue.record("opened a database that is not there")
        } catch {
            #expect(error.isMissingDatabase)
            #expect(error.description == "no database at \(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test("existingOnly opens (and migrates) a file that is there, and adds no reserve beside it")
    func existing() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("tidings.sqlite")
        // An empty file stands for the oldest database there is: every migration is still to run.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let database = try TidingsDatabase(path: path, mode: .existingOnly)
        #expect(try database.recentStageRuns(limit: 1, stage: nil).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + ".reserve"))
        _ = try TidingsDatabase(path: path)
        #expect(FileManager.default.fileExists(atPath: path + ".reserve"))
    }
}
