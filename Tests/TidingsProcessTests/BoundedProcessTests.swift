import Foundation
import Testing
import TidingsProcess
import TidingsTestSupport

/// Short programs under a deadline: what they print, how they end, and a hung one killed
/// with everything it started.
@Suite struct BoundedProcessTests {
    static let environment = ["PATH": "/usr/bin:/bin"]

    @Test("Output, errors and the exit status are captured; the input reaches the program")
    func finished() async {
        let runner = BoundedProcess(environment: Self.environment)
        let outcome = await runner.run("sh", ["-c", "cat; echo oops >&2; exit 3"], input: "hello\n")
        #expect(outcome == .finished(status: 3, output: "hello\n", error: "oops\n"))
        #expect(!outcome.succeeded)
        #expect(outcome.problem == "exit status 3: oops")
        #expect(await runner.output("echo", [" fine "]) == "fine")
    }

    @Test("A program not on PATH is not installed")
    func missing() async {
        let outcome = await BoundedProcess(environment: Self.environment).run("tidings-no-such-program", [])
        #expect(outcome == .failedToStart("not installed (not on PATH)"))
        #expect(outcome.problem == "not installed (not on PATH)")
        #expect(await BoundedProcess(environment: Self.environment).output("tidings-no-such-program", []) == nil)
    }

    @Test("A hung program is killed at the deadline, its children too")
    func deadline() async throws {
        let directory = try TemporaryDirectory()
        let (program, child) = (directory.file("program.pid"), directory.file("child.pid"))
        let runner = BoundedProcess(environment: Self.environment, limit: .seconds(2))
        let outcome = await runner.run("sh", ["-c", "echo $$ > \(program); sleep 30 & echo $! > \(child); wait"])
        // Timed out, not finished: the run did not wait for the program's 30 s.
        #expect(outcome == .timedOut)
        #expect(outcome.problem == "did not answer in time")
        for file in [program, child] {
            let pid = try #require(Self.pid(in: file))
            #expect(await waitUntil { !isRunning(pid) }, "\(file): killed with the program")
        }
    }

    @Test("The blocking run gives the trimmed output of a program that exits 0 in time, else nil")
    func blocking() async throws {
        let runner = BoundedProcess(environment: Self.environment, limit: .milliseconds(500))
        #expect(runner.outputBlocking(["sh", "-c", "echo ' a.desktop '"]) == "a.desktop")
        #expect(runner.outputBlocking(["sh", "-c", "echo a; exit 1"]) == nil)
        #expect(runner.outputBlocking(["tidings-no-such-program"]) == nil)
        // Nil, not "late": it did not wait for the program, which it killed.
        let directory = try TemporaryDirectory()
        let program = directory.file("program.pid")
        #expect(runner.outputBlocking(["sh", "-c", "echo $$ > \(program); sleep 30; echo late"]) == nil)
        let pid = try #require(Self.pid(in: program))
        #expect(await waitUntil { !isRunning(pid) })
    }

    /// The process id written to `file`.
    static func pid(in file: String) -> pid_t? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
