import Foundation
import TidingsProcess
import TidingsStore

/// Installs what starts the pipeline: the Tidings block of the user's crontab, or the
/// systemd user units. Running it again with the same input changes nothing.
public struct TimerInstaller: Sendable {
    /// Runs crontab and systemctl.
    public var processes: BoundedProcess

    /// An installer.
    public init(processes: BoundedProcess) { self.processes = processes }

    /// What an install did.
    public enum Change: Sendable, Equatable {
        /// Everything was already in place.
        case unchanged
        /// It was written (and, for systemd, enabled).
        case installed
    }

    /// Puts `block` into the user's crontab (read with `crontab -l`, written with `crontab -`),
    /// replacing an earlier Tidings block and keeping every other line. Returns the change and
    /// the lines outside the block that also run deliver.
    public func installCron(block: String) async throws(WakeProblem) -> (Change, stray: [String]) {
        try await installCron(block: block, into: try await crontab())
    }

    /// The user's crontab as `crontab -l` prints it; "" when there is none.
    public func crontab() async throws(WakeProblem) -> String {
        switch await processes.run("crontab", ["-l"]) {
        case .finished(0, let output, _): return output
        // "no crontab for alice": an empty crontab.
        case .finished(_, _, let error) where error.lowercased().contains("no crontab"): return ""
        case let outcome: throw WakeProblem("crontab -l: \(outcome.problem ?? "failed")")
        }
    }

    /// `installCron(block:)` for the crontab `current`, just read.
    public func installCron(block: String, into current: String) async throws(WakeProblem) -> (Change, stray: [String]) {
        let stray = CrontabBlock.strayDeliverLines(in: current)
        let updated = CrontabBlock.installing(block, in: current)
        guard updated != current else { return (.unchanged, stray) }
        let written = await processes.run("crontab", ["-"], input: updated)
        guard written.succeeded else { throw WakeProblem("crontab -: \(written.problem ?? "failed")") }
        return (.installed, stray)
    }

    /// Writes `units` (file name and text) into `folder` (`$XDG_CONFIG_HOME/systemd/user`),
    /// then reloads the user manager and enables and starts the timers (and the listen
    /// service among `units`, restarted when its file changed), unless every file was
    /// already there and every timer enabled. When systemctl fails, each file is put back
    /// as it was (a new one removed) and the problem says so in one line.
    public func installSystemd(units: [(name: String, text: String)], folder: String) async throws(WakeProblem) -> Change {
        do {
            try PrivateFolder.create(folder)
        } catch {
            throw WakeProblem(error.description)
        }
        var before: [(path: String, data: Data?)] = []
        for unit in units {
            let path = folder + "/" + unit.name
            let old = FileManager.default.contents(atPath: path)
            if old == Data(unit.text.utf8) { continue }
            do throws(WakeProblem) {
                try Self.write(Data(unit.text.utf8), to: path)
            } catch {
                restore(before)
                throw error
            }
            before.append((path, old))
        }
        let timers = units.map(\.name).filter { $0.hasSuffix(".timer") || $0 == SystemdUnits.listen }
        let enabled = timers.allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + SystemdUnits.wantsLink($0)) }
        guard !before.isEmpty || !enabled else { return .unchanged }
        var steps = [["--user", "daemon-reload"], ["--user", "enable", "--now"] + timers]
        // A listen service already running keeps its old command line until restarted.
        if before.contains(where: { $0.path == folder + "/" + SystemdUnits.listen && $0.data != nil }) {
            steps.append(["--user", "try-restart", SystemdUnits.listen])
        }
        for arguments in steps {
            let outcome = await processes.run("systemctl", arguments)
            guard outcome.succeeded else {
                restore(before)
                let undone = before.contains { $0.data == nil } ? "the unit files were removed" : "the unit files were left as they were"
                let said = outcome.problem ?? "failed"
                let reason =
                    said.contains("connect to bus") ? "no systemd user manager is reachable from here" : "systemctl could not enable the timers"
                throw WakeProblem(
                    "\(reason) (systemctl \(arguments.joined(separator: " ")): \(said)); \(undone); "
                        + "use --timers cron, or run tidings init in a login session")
            }
        }
        return .installed
    }

    /// Stops and disables the Tidings timers, then removes the unit files `names` from
    /// `folder`. Returns why systemctl could not stop them, when it could not (the files go
    /// all the same, so the user manager does not start them at the next login).
    public func removeSystemd(names: [String], folder: String) async throws(WakeProblem) -> String? {
        let timers = SystemdUnits.timers + (names.contains(SystemdUnits.listen) ? [SystemdUnits.listen] : [])
        return try await disable(timers, removing: names + timers.map(SystemdUnits.wantsLink), from: folder)
    }

    /// Stops and disables the listen service, then removes its unit file from `folder`
    /// (realtime push was turned off); why systemctl could not stop it, when it could not.
    public func removeListen(folder: String) async throws(WakeProblem) -> String? {
        try await disable(
            [SystemdUnits.listen], removing: [SystemdUnits.listen, SystemdUnits.wantsLink(SystemdUnits.listen)], from: folder)
    }

    /// Stops and disables `units`, then removes the files `names` from `folder` (all the same
    /// when systemctl failed); why systemctl could not stop them, when it could not.
    private func disable(_ units: [String], removing names: [String], from folder: String) async throws(WakeProblem) -> String? {
        let stopped = await processes.run("systemctl", ["--user", "disable", "--now"] + units)
        for name in names {
            let path = folder + "/" + name
            guard unlink(path) == 0 || errno == ENOENT else {
                throw WakeProblem("cannot remove \(path): \(String(cString: strerror(errno)))")
            }
        }
        guard stopped.succeeded else { return "systemctl --user disable --now: \(stopped.problem ?? "failed")" }
        _ = await processes.run("systemctl", ["--user", "daemon-reload"])
        return nil
    }

    /// Takes the Tidings block out of the crontab `current` (just read), writing it back
    /// with `crontab -`; whether there was one to take out.
    public func removeCron(from current: String) async throws(WakeProblem) -> Bool {
        let updated = CrontabBlock.removing(from: current)
        guard updated != current else { return false }
        let written = await processes.run("crontab", ["-"], input: updated)
        guard written.succeeded else { throw WakeProblem("crontab -: \(written.problem ?? "failed")") }
        return true
    }

    /// Writes `data` to `path` whole (a temporary file renamed), mode 0644.
    private static func write(_ data: Data, to path: String) throws(WakeProblem) {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o644]),
            rename(temporary, path) == 0
        else {
            unlink(temporary)
            throw WakeProblem("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Puts each file back as it was before: rewritten, or removed when it was new.
    private func restore(_ files: [(path: String, data: Data?)]) {
        for file in files {
            if let data = file.data { try? Self.write(data, to: file.path) } else { unlink(file.path) }
        }
    }
}
