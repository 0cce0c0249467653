import Foundation
import Glibc

/// Why a test's background process could not start.
public struct SpawnError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// Background processes for tests (a bus, a display, a server), each in a process group of
/// its own so that SIGKILL ends it with everything it started.
enum Spawn {
    static func kill(_ pids: [pid_t]) {
        for pid in pids.reversed() {
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }

    /// Starts `arguments` with stdout on a pipe and returns it with the first line it prints
    /// (dbus-daemon's address, Xvfb's display number), read within 10 s.
    static func reporting(_ arguments: [String], environment: [String: String], log: String) throws -> (pid_t, String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        let pid: pid_t
        do {
            pid = try spawn(arguments, environment: environment, stdoutFD: ends[1], stderr: log)
            close(ends[1])
        } catch {
            close(ends[1])
            throw error
        }
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        var byte: UInt8 = 0
        while Date() < deadline {
            var waiting = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 100) > 0 else { continue }
            guard read(ends[0], &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { return (pid, String(decoding: line, as: UTF8.self)) }
            line.append(byte)
        }
        kill([pid])
        throw SpawnError(description: "\(arguments[0]) printed no first line (an address, a display, a port) within 10 s; see \(log)")
    }

    /// Spawns `arguments` (found on PATH) in a process group of its own, stdin on /dev/null,
    /// stdout on `stdout` or the file `stdout`, stderr on the file `stderr` (else stdout's).
    static func spawn(
        _ arguments: [String], environment: [String: String], stdoutFD: Int32? = nil, stdout: String? = nil, stderr: String? = nil
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdoutFD { posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1) }
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        if let stderr {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        } else if stdout != nil {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Runs `arguments` to the end with stdout on the file `stdout` (else /dev/null) and
    /// throws unless it exits 0.
    static func run(_ arguments: [String], environment: [String: String], stdout: String? = nil, log: String) throws {
        let pid = try spawn(arguments, environment: environment, stdout: stdout ?? "/dev/null", stderr: log)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else {
            throw SpawnError(description: "\(arguments.joined(separator: " ")) failed (status \(status)); see \(log)")
        }
    }
}
