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
    /// then reloads the user manager and enables and starts the timers, unless every file
    /// was already there and every timer enabled.
    public func installSystemd(units: [(name: String, text: String)], folder: String) async throws(WakeProblem) -> Change {
        var changed = false
        do {
            try PrivateFolder.create(folder)
        } catch {
            throw WakeProblem(error.description)
        }
        for unit in units {
            let path = folder + "/" + unit.name
            if FileManager.default.contents(atPath: path) == Data(unit.text.utf8) { continue }
            let temporary = path + ".tmp-\(getpid())"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(unit.text.utf8), attributes: [.posixPermissions: 0o644]),
                  rename(temporary, path) == 0
            else {
                unlink(temporary)
                throw WakeProblem("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            changed = true
        }
        let timers = units.map(\.name).filter { $0.hasSuffix(".timer") }
        let enabled = timers.allSatisfy { FileManager.default.fileExists(atPath: folder + "/timers.target.wants/" + $0) }
        guard changed || !enabled else { return .unchanged }
        for arguments in [["--user", "daemon-reload"], ["--user", "enable", "--now"] + timers] {
            let outcome = await processes.run("systemctl", arguments)
            guard outcome.succeeded else {
                throw WakeProblem("systemctl \(arguments.joined(separator: " ")): \(outcome.problem ?? "failed")")
            }
        }
        return .installed
    }
}
