import Foundation
import Testing
import TidingsProcess
import TidingsTestSupport

/// Programs tied to this process and to their limit: what they get and give back, and a
/// program past its limit killed with everything it started, even what ignores SIGTERM.
@Suite struct TetheredProcessTests {
    @Test("The wrapper is setpriv's parent-death signal, a check of the parent, then coreutils' timeout, the limit in seconds")
    func wrapper() throws {
        let words = try #require(TetheredProcess.wrapper(limit: .milliseconds(1500)))
        #expect(words.count == 12)
        #expect(words[0].hasSuffix("/setpriv") && words[1...3] == ["--pdeathsig", "ALRM", "--"])
        #expect(words[4].hasSuffix("/sh") && words[5] == "-c" && words[7] == String(getpid()))
        #expect(words[8].hasSuffix("/timeout") && words[9...11] == ["-s", "KILL", "1.500s"])
        #expect(TetheredProcess.wrapper(limit: .milliseconds(100))?.last == "0.100s")
        #expect(TetheredProcess.wrapper(limit: .seconds(600))?.last == "600.000s")
    }

    @Test("Under a parent other than the one named, the program never starts")
    func otherParent() throws {
        let folder = try TemporaryDirectory()
        let marker = folder.file("ran")
        for (parent, runs) in [(getpid(), true), (1, false)] {
            let words = try #require(TetheredProcess.wrapper(limit: .seconds(5), parent: parent))
            let pid = try ProcessSpawn.start(words + ["/bin/sh", "-c", "echo \(parent) >> '\(marker)'"], environment: ["PATH": "/usr/bin:/bin"])
            let status = ProcessSpawn.wait(pid)
            #expect((status >> 8) & 0xFF == (runs ? 0 : 125))
        }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "\(getpid())\n")
    }

    @Test("The program gets exactly the environment given, its input on stdin; stderr and the status come back")
    func finished() async throws {
        let folder = try TemporaryDirectory()
        let outcome = await TetheredProcess.run(
            "/bin/sh",
            ["-c", "cat > '\(folder.file("in"))'; tr '\\0' '\\n' < /proc/$$/environ > '\(folder.file("env"))'; echo out; echo oops >&2; exit 3"],
            input: "hello\n", environment: ["PATH": "/usr/bin:/bin", "ONLY": "this"], limit: .seconds(10))
        #expect(outcome == .finished(status: 3, output: "", error: "oops\n"))
        #expect(try String(contentsOfFile: folder.file("in"), encoding: .utf8) == "hello\n")
        #expect(
            try String(contentsOfFile: folder.file("env"), encoding: .utf8).split(separator: "\n").sorted() == ["ONLY=this", "PATH=/usr/bin:/bin"])
    }

    @Test("Input larger than a pipe holds reaches a program that reads it; one that reads nothing still ends")
    func largeInput() async {
        let input = String(repeating: "x", count: 200_000) + "\n"
        let read = await TetheredProcess.run(
            "/bin/sh", ["-c", "wc -c >&2"], input: input, environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(10))
        #expect(read == .finished(status: 0, output: "", error: "200001\n"))
        let ignored = await TetheredProcess.run(
            "/bin/sh", ["-c", "exit 0"], input: input, environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(10))
        #expect(ignored == .finished(status: 0, output: "", error: ""))
    }

    @Test("Past its limit the program is killed with its group, a child that ignores SIGTERM too")
    func limit() async throws {
        let folder = try TemporaryDirectory()
        let outcome = await TetheredProcess.run(
            "/bin/sh", ["-c", "trap '' TERM; (trap '' TERM; sleep 300) & echo $! > '\(folder.file("child"))'; wait"],
            input: "", environment: ["PATH": "/usr/bin:/bin"], limit: .milliseconds(400))
        #expect(outcome == .timedOut)
        let child = try #require(
            pid_t((try String(contentsOfFile: folder.file("child"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<100 where !gone {
            gone = kill(child, 0) != 0
            if !gone { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(gone, "the child was killed with the group")
    }

    @Test("A child left running when the program exits is ended with it")
    func leftBehind() async throws {
        let folder = try TemporaryDirectory()
        let outcome = await TetheredProcess.run(
            "/bin/sh", ["-c", "sleep 300 > /dev/null 2>&1 & echo $! > '\(folder.file("child"))'; exit 0"],
            input: "", environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(10))
        #expect(outcome == .finished(status: 0, output: "", error: ""))
        let child = try #require(
            pid_t((try String(contentsOfFile: folder.file("child"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<100 where !gone {
            gone = kill(child, 0) != 0
            if !gone { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(gone)
    }

    @Test("A program that cannot be started says why")
    func missing() async {
        let outcome = await TetheredProcess.run("/nonexistent/program", [], input: "", environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(1))
        switch outcome {
        case .failedToStart, .finished(127, _, _): break
        default: Issue.record("expected a failure to start, got \(outcome)")
        }
    }
}
