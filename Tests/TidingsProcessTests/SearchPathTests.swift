import Foundation
import Testing
import TidingsProcess
import TidingsTestSupport

/// Finding programs on PATH: executable files only, in the order of the folders.
@Suite struct SearchPathTests {
    @Test("A program is found in the first folder of PATH that holds it as an executable file")
    func find() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        let tool = try second.write("#!/bin/sh\n", to: "tool")
        chmod(tool, 0o755)
        try first.write("", to: "tool")  // not executable
        try FileManager.default.createDirectory(atPath: first.file("folder"), withIntermediateDirectories: false)
        let path = "/nonexistent:\(first.path)::\(second.path)"
        #expect(SearchPath.find("tool", path: path) == tool)
        #expect(SearchPath.find("folder", path: path) == nil, "a folder is no program")
        #expect(SearchPath.find("missing", path: path) == nil)
        #expect(SearchPath.find(tool, path: "") == tool, "a path with a slash is only checked")
        #expect(SearchPath.find(first.file("tool"), path: path) == nil)
    }

    @Test("Without PATH, or with an empty one, the search path is /usr/bin:/bin")
    func fallback() {
        #expect(SearchPath.of([:]) == "/usr/bin:/bin")
        #expect(SearchPath.of(["PATH": ""]) == "/usr/bin:/bin")
        #expect(SearchPath.of(["PATH": "/opt/bin"]) == "/opt/bin")
        #expect(SearchPath.find("sh", environment: [:]) != nil)
    }
}
