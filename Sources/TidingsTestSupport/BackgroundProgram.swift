import Foundation
import Glibc
import TidingsProcess

/// A program a test runs in the background, in a process group of its own with its output in
/// files: stopped, continued or killed as a whole group (what it started included), and
/// waited for.
public final class BackgroundProgram: Sendable {
    /// The process id, which is also its group's.
    public let pid: pid_t

    /// Starts `arguments` (the first found on `environment`'s PATH) with stdout and stderr
    /// written to the files `stdout` and `stderr`.
    public init(_ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
        pid = try ProcessSpawn.start(arguments, environment: environment, stdout: .file(stdout, append: false), stderr: .file(stderr, append: false))
    }

    /// Sends `signal` (SIGKILL, SIGSTOP, SIGCONT) to every process of the group.
    public func signal(_ signal: Int32) {
        _ = Glibc.kill(-pid, signal)
    }

    /// Waits for it to end, on a thread of its own, and returns its wait status (`waitpid`'s).
    public func wait() async -> Int32 {
        let pid = self.pid
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: ProcessSpawn.wait(pid)) }
        }
    }

    /// The exit code of a wait status, nil when the process was ended by a signal.
    public static func exitCode(_ status: Int32) -> Int32? {
        status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }
}
