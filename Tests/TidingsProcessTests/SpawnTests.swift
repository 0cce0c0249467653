import Foundation
import Testing
import TidingsProcess
import TidingsTestSupport

/// Starting programs that are not waited for, and reading them as they run.
@Suite struct SpawnTests {
    static let environment = ["PATH": "/usr/bin:/bin"]

    @Test("A spawned program writes where it is told, stderr after stdout's when so asked")
    func targets() throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("out")
        let pid = try ProcessSpawn.start(
            ["sh", "-c", "echo one; echo two >&2; read x || echo stdin-empty"], environment: Self.environment,
            stdout: .file(output, append: false), stderr: .standardOutput)
        #expect(ProcessSpawn.wait(pid) == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "one\ntwo\nstdin-empty\n")
    }

    @Test("The first line of a pipe is read under a deadline")
    func firstLine() throws {
        let (readEnd, writeEnd) = try ProcessSpawn.pipe()
        defer { close(readEnd) }
        let pid: pid_t
        do {
            defer { close(writeEnd) }
            pid = try ProcessSpawn.start(["sh", "-c", "echo ready; sleep 30"], environment: Self.environment, stdout: .descriptor(writeEnd))
        }
        #expect(PipeReader.firstLine(readEnd, until: .now + .seconds(60)) == .line("ready"))
        #expect(PipeReader.firstLine(readEnd, until: .now + .milliseconds(100)) == .deadline)
        ProcessSpawn.kill([pid])
        #expect(PipeReader.firstLine(readEnd, until: .now + .seconds(60)) == .endOfFile)
    }

    @Test("A detached program that cannot start says why")
    func detachedFailure() {
        #expect(
            DetachedProcess.spawn(["tidings-no-such-program"], environment: Self.environment)
                == "cannot start tidings-no-such-program: No such file or directory")
        #expect(DetachedProcess.spawn(["true"], environment: Self.environment) == nil)
    }

    @Test("A streamed program's lines and errors are read as they come, and how it ended is kept")
    func streamed() async throws {
        let (value, termination) = try await StreamedProcess.run(
            "/bin/sh", ["-c", "echo one; printf two; echo bad >&2; exit 3"], environment: Self.environment, keepingErrors: true
        ) { process in
            var lines = process.lines()
            var read: [String] = []
            while let line = await lines.next() { read.append(line) }
            return (read, String(decoding: await process.errorOutput(limit: 100), as: UTF8.self))
        }
        #expect(value.0 == ["one", "two"])
        #expect(value.1 == "bad\n")
        #expect(termination == .exited(3))
        #expect(termination.description == "exited(3)")
    }
}
