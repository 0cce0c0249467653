import Foundation
import Glibc
import Subprocess
import Synchronization

/// Why a ``DesktopSession`` could not start, or a helper call failed.
public struct DesktopSessionError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// A private desktop session for tests: its own session bus (dbus-daemon), X server (Xvfb on a
/// display it picks) and notification daemon (dunst with a test config). Nothing is shared
/// with the machine's real session.
///
/// Keep it alive while it is used; `stop()` (or releasing it) kills everything with SIGKILL.
public final class DesktopSession: Sendable {
    /// DBUS_SESSION_BUS_ADDRESS, DISPLAY (when there is a daemon) and XDG_RUNTIME_DIR.
    public let environment: [String: String]
    /// The session's private folder (bus socket, dunst config, logs).
    public let folder: String
    /// dunst's process id; nil for a session without a notification daemon.
    public let daemonPID: pid_t?
    private let directory: TemporaryDirectory
    private let display: Int?
    private let running: Mutex<[pid_t]>

    /// The variables every program the session starts gets, besides `environment`.
    public var baseEnvironment: [String: String] { Self.baseEnvironment(folder: folder) }

    private static func baseEnvironment(folder: String) -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", "HOME": folder]
    }

    /// Starts the bus and, when `daemon` is true, Xvfb and dunst, and waits until dunst owns
    /// `org.freedesktop.Notifications`. The bus can start nothing on demand.
    public init(daemon: Bool = true) throws {
        directory = try TemporaryDirectory()
        folder = directory.path
        var started: [pid_t] = []
        let base = Self.baseEnvironment(folder: folder)
        do {
            let config = try directory.write(Self.busConfig(folder: folder), to: "bus.conf")
            let (bus, address) = try Self.startReporting(
                ["dbus-daemon", "--config-file=\(config)", "--nofork", "--print-address=1"], environment: base, log: directory.file("dbus.log"))
            started.append(bus)
            var environment = ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": folder]
            if daemon {
                // -displayfd: Xvfb picks a free display and writes its number there once it listens.
                let (xvfb, number) = try Self.startReporting(
                    ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"], environment: base, log: directory.file("xvfb.log"))
                started.append(xvfb)
                display = Int(number)
                environment["DISPLAY"] = ":\(number)"
                let script = try directory.write("#!/bin/sh\nhead -n 1\n", to: "dmenu")
                chmod(script, 0o755)
                let dunstrc = try directory.write(Self.dunstConfig(dmenu: script), to: "dunstrc")
                let dunst = try Self.spawn(
                    ["dunst", "-config", dunstrc], environment: base.merging(environment) { $1 }, stdout: directory.file("dunst.log"))
                started.append(dunst)
                daemonPID = dunst
            } else {
                display = nil
                daemonPID = nil
            }
            if daemon { try Self.waitForDaemon(environment: base.merging(environment) { $1 }, directory: directory) }
            self.environment = environment
            running = Mutex(started)
        } catch {
            Self.kill(started)
            throw error
        }
    }

    deinit { stop() }

    /// Kills dunst, Xvfb and the bus with SIGKILL and reaps them; the X lock files go too.
    public func stop() {
        let pids = running.withLock { pids in
            defer { pids = [] }
            return pids
        }
        Self.kill(pids)
        if let display, !pids.isEmpty {
            unlink("/tmp/.X\(display)-lock")
            unlink("/tmp/.X11-unix/X\(display)")
        }
    }

    /// Stops dunst without ending it (SIGSTOP): it keeps its bus name but answers nothing.
    public func suspendDaemon() {
        if let daemonPID { Glibc.kill(daemonPID, SIGSTOP) }
    }

    /// Runs `dunstctl args` in the session and returns its output (`history` prints JSON).
    public func dunstctl(_ args: [String]) async throws -> String {
        var variables: [Subprocess.Environment.Key: String] = [:]
        for (key, value) in baseEnvironment.merging(environment, uniquingKeysWith: { $1 }) {
            if let name = Subprocess.Environment.Key(rawValue: key) { variables[name] = value }
        }
        let result = try await Subprocess.run(
            .name("dunstctl"), arguments: Arguments(args), environment: .custom(variables),
            output: .string(limit: 16 << 20), error: .string(limit: 1 << 20))
        guard result.terminationStatus.isSuccess else {
            throw DesktopSessionError(description: "dunstctl \(args.joined(separator: " ")): \(result.terminationStatus) \(result.standardError)")
        }
        return result.standardOutput
    }

    private static func waitForDaemon(environment: [String: String], directory: TemporaryDirectory) throws {
        let deadline = Date().addingTimeInterval(10)
        let arguments = [
            "gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications",
        ]
        while Date() < deadline {
            let output = directory.file("owner.out")
            let pid = try spawn(arguments, environment: environment, stdout: output)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            if (try? String(contentsOfFile: output, encoding: .utf8))?.contains("true") == true { return }
            usleep(50_000)
        }
        throw DesktopSessionError(description: "dunst did not take org.freedesktop.Notifications within 10 s; see \(directory.path)/dunst.log")
    }

    private static func kill(_ pids: [pid_t]) {
        for pid in pids.reversed() {
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }

    /// Starts `arguments` with stdout on a pipe and returns it with the first line it prints
    /// (dbus-daemon's address, Xvfb's display number), read within 10 s.
    private static func startReporting(_ arguments: [String], environment: [String: String], log: String) throws -> (pid_t, String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw DesktopSessionError(description: "pipe: \(String(cString: strerror(errno)))") }
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
        throw DesktopSessionError(description: "\(arguments[0]) printed no address or display within 10 s; see \(log)")
    }

    /// Spawns `arguments` (found on PATH) in a process group of its own, stdin on /dev/null,
    /// stdout on `stdout` or the file `stdout`, stderr on the file `stderr` (else stdout's).
    private static func spawn(
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
        guard status == 0 else { throw DesktopSessionError(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// A session bus listening in `folder`, with no service folders: it can start nothing.
    private static func busConfig(folder: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(folder)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// dunst for tests: no idle pause, no age line, markup on (so it announces body-markup),
    /// a left click invokes the default action, and the urgency is written into the
    /// formatted message, because `dunstctl history` does not list it.
    private static func dunstConfig(dmenu: String) -> String {
        var text = """
            [global]
                idle_threshold = 0
                show_age_threshold = -1
                markup = full
                history_length = 100
                dmenu = \(dmenu)
                mouse_left_click = do_action

            """
        for urgency in ["low", "normal", "critical"] {
            text += "[tidings-\(urgency)]\n    msg_urgency = \(urgency)\n    format = \"\(urgency)|%s|%b\"\n\n"
        }
        return text
    }
}
