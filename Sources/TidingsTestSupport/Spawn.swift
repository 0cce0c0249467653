import Foundation
import Synchronization
import TidingsProcess

/// Background processes for tests (a bus, a display, a server), each in a process group of
/// its own (`ProcessSpawn`) so that SIGKILL ends it with everything it started.
enum Spawn {
    static func kill(_ pids: [pid_t]) {
        ProcessSpawn.kill(pids)
    }

    /// Starts `arguments` with stdout on a pipe and returns it with the first line it prints
    /// (dbus-daemon's address, Xvfb's display number), read within a minute (a hang guard: they print it at once).
    static func reporting(_ arguments: [String], environment: [String: String], log: String) throws -> (pid_t, String) {
        let (readEnd, writeEnd) = try ProcessSpawn.pipe()
        defer { close(readEnd) }
        let pid: pid_t
        do {
            defer { close(writeEnd) }
            pid = try ProcessSpawn.start(arguments, environment: environment, stdout: .descriptor(writeEnd), stderr: .file(log, append: true))
        }
        if case .line(let line) = PipeReader.firstLine(readEnd, until: .now + .seconds(60)) { return (pid, line) }
        kill([pid])
        throw SpawnError("\(arguments[0]) printed no first line (an address, a display, a port) within 60 s; see \(log)")
    }

    /// Spawns `arguments` (found on PATH) in a process group of its own, stdin on /dev/null,
    /// stdout on the file `stdout`, stderr on the file `stderr` (else stdout's).
    static func spawn(_ arguments: [String], environment: [String: String], stdout: String, stderr: String? = nil) throws -> pid_t {
        try ProcessSpawn.start(
            arguments, environment: environment, stdout: .file(stdout, append: false),
            stderr: stderr.map { .file($0, append: true) } ?? .standardOutput)
    }

    /// Runs `arguments` to the end with stdout on the file `stdout` (else /dev/null) and
    /// throws unless it exits 0.
    static func run(_ arguments: [String], environment: [String: String], stdout: String? = nil, log: String) throws {
        let pid = try ProcessSpawn.start(
            arguments, environment: environment, stdout: stdout.map { .file($0, append: false) } ?? .null, stderr: .file(log, append: true))
        let status = ProcessSpawn.wait(pid)
        guard status == 0 else {
            throw SpawnError("\(arguments.joined(separator: " ")) failed (status \(status)); see \(log)")
        }
    }
}

/// A test server's process, killed once by whichever comes first: `stop()` or the end of its owner.
final class SpawnedProcess: Sendable {
    private let pid: Mutex<pid_t?>

    /// The process `pid`, started by `Spawn`.
    init(_ pid: pid_t) { self.pid = Mutex(pid) }

    /// Kills it with everything it started; later calls do nothing.
    func stop() {
        let running = pid.withLock { pid in
            defer { pid = nil }
            return pid
        }
        if let running { Spawn.kill([running]) }
    }
}
