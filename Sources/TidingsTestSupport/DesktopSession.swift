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
            let (bus, address) = try Spawn.reporting(
                ["dbus-daemon", "--config-file=\(config)", "--nofork", "--print-address=1"], environment: base, log: directory.file("dbus.log"))
            started.append(bus)
            var environment = ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": folder]
            if daemon {
                // -displayfd: Xvfb picks a free display and writes its number there once it listens.
                let (xvfb, number) = try Spawn.reporting(
                    ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"], environment: base, log: directory.file("xvfb.log")
                )
                started.append(xvfb)
                display = Int(number)
                environment["DISPLAY"] = ":\(number)"
                let script = try directory.write(Self.dmenuScript, to: "dmenu")
                chmod(script, 0o755)
                let dunstrc = try directory.write(Self.dunstConfig(dmenu: script), to: "dunstrc")
                let dunst = try Spawn.spawn(
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
            Spawn.kill(started)
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
        Spawn.kill(pids)
        if let display, !pids.isEmpty {
            unlink("/tmp/.X\(display)-lock")
            unlink("/tmp/.X11-unix/X\(display)")
        }
    }

    /// Stops dunst without ending it (SIGSTOP): it keeps its bus name but answers nothing.
    public func suspendDaemon() {
        if let daemonPID { Glibc.kill(daemonPID, SIGSTOP) }
    }

    /// Makes the context menu (`dunstctl context`) pick the first entry that contains `text`
    /// (an action's label), instead of the first entry.
    public func pickInMenu(_ text: String) throws {
        _ = try directory.write(text, to: "dmenu-pick")
    }

    /// dunst's menu program for tests: it picks the first entry, or the first containing the
    /// text of `dmenu-pick` in the session's folder (dunst's HOME).
    private static let dmenuScript = """
        #!/bin/sh
        pick="$HOME/dmenu-pick"
        if [ -s "$pick" ]; then grep -F -m 1 -- "$(cat "$pick")"; else head -n 1; fi

        """

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
        let deadline = Date().addingTimeInterval(60)
        let arguments = [
            "gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications",
        ]
        while Date() < deadline {
            let output = directory.file("owner.out")
            let pid = try Spawn.spawn(arguments, environment: environment, stdout: output)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            if (try? String(contentsOfFile: output, encoding: .utf8))?.contains("true") == true { return }
            usleep(50_000)
        }
        throw DesktopSessionError(description: "dunst did not take org.freedesktop.Notifications within 60 s; see \(directory.path)/dunst.log")
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
