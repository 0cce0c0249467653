import Foundation
import TidingsProcess

/// What of Tidings' timers is in place now: the block in the user's crontab and the
/// systemd user unit files, as `tidings init` installs them.
public struct InstalledTimers: Sendable, Equatable {
    /// The crontab holds the Tidings block.
    public var cron: Bool
    /// The Tidings unit files present in the systemd user folder.
    public var systemdUnits: [String]
    /// The folder of the systemd user units (`$XDG_CONFIG_HOME/systemd/user`).
    public var systemdFolder: String
    /// Why the crontab could not be read (`crontab -l` failed), when it could not.
    public var crontabProblem: String?

    /// A state.
    public init(cron: Bool, systemdUnits: [String], systemdFolder: String, crontabProblem: String? = nil) {
        self.cron = cron
        self.systemdUnits = systemdUnits
        self.systemdFolder = systemdFolder
        self.crontabProblem = crontabProblem
    }

    /// Whether `tidings listen` is installed too: the listen service, or the `@reboot` line
    /// in the crontab block.
    public var listen = false

    /// Whether nothing is installed (as far as could be read).
    public var isEmpty: Bool { !cron && systemdUnits.isEmpty }

    /// What is installed, in a few words: `crontab lines`, `systemd user timers in FOLDER`,
    /// both, or `none installed`; with why the crontab could not be read.
    public var summary: String {
        var parts: [String] = []
        if cron { parts.append("crontab lines") }
        if !systemdUnits.isEmpty { parts.append("systemd user timers in \(systemdFolder)") }
        var text = parts.isEmpty ? "none installed" : parts.joined(separator: " and ") + " installed"
        if listen { text += ", with tidings listen" }
        if let crontabProblem { text += " (the crontab could not be read: \(crontabProblem))" }
        return text
    }

    /// Reads the crontab with `processes` (skipped when `crontab` is not on PATH) and looks
    /// for the unit files in `configHome/systemd/user`.
    public static func detect(processes: BoundedProcess, configHome: String) async -> InstalledTimers {
        let folder = configHome + "/systemd/user"
        let units = SystemdUnits.all.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        var state = InstalledTimers(cron: false, systemdUnits: units, systemdFolder: folder)
        state.listen = units.contains(SystemdUnits.listen)
        if processes.locate("crontab") != nil {
            do throws(WakeProblem) {
                let crontab = try await TimerInstaller(processes: processes).crontab()
                state.cron = CrontabBlock.contains(crontab)
                state.listen = state.listen || CrontabBlock.startsListen(crontab)
            } catch {
                state.crontabProblem = error.description
            }
        }
        return state
    }
}
