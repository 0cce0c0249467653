import Foundation
import TidingsStore

/// How timers start the programs: their absolute paths, with `--db` and `--config` (see
/// `forTimers`: always the database, the config whenever its file exists).
public struct ProgramCommand: Sendable, Equatable {
    /// The folder the programs are in.
    public var folder: String
    /// Flags every program gets (`--db /x --config /y`).
    public var flags: [String]
    /// Variables every program gets (`LANG=de_DE.UTF-8`), set by `/usr/bin/env` before it:
    /// what cron and the systemd user manager would otherwise not pass on.
    public var environment: [String] = []

    /// Commands for the programs in `folder`; `database` and `config` are passed on when not nil
    /// (made absolute against `currentDirectory`: a timer runs in another folder).
    public init(folder: String, database: String?, config: String?, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.folder = folder
        var flags: [String] = []
        if let database { flags += ["--db", Self.absolute(database, in: currentDirectory)] }
        if let config { flags += ["--config", Self.absolute(config, in: currentDirectory)] }
        self.flags = flags
    }

    /// The programs in `folder`, always with the absolute `--db`, and with `--config`
    /// whenever the `config` file exists: cron, the systemd user manager and systemd-run
    /// start them without this run's `XDG_*` variables, so the default places could differ there.
    public static func forTimers(folder: String, database: String, config: String) -> ProgramCommand {
        ProgramCommand(folder: folder, database: database, config: FileManager.default.fileExists(atPath: config) ? config : nil)
    }

    /// `path` made absolute against `currentDirectory`; a `postgresql://` URL as it is.
    public static func absolute(_ path: String, in currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        if TidingsDatabase.isServer(path) { return path }
        return ((path.hasPrefix("/") ? path : currentDirectory + "/" + path) as NSString).standardizingPath
    }

    /// The command line of `program` (`deliver`), with the flags; `subcommand` (`listen` of
    /// `tidings`) comes before them.
    public func command(_ program: String, _ subcommand: [String] = []) -> [String] {
        (environment.isEmpty ? [] : ["/usr/bin/env"] + environment) + [folder + "/" + program] + subcommand + flags
    }

    /// The variables that decide the zone and the language of the text (`TZ`, `LANG`,
    /// `LC_ALL`, `LC_MESSAGES`, `LC_TIME`) as `NAME=value`, those set in `environment`:
    /// timers installed from a terminal then write as that terminal would.
    public static func localeAssignments(_ environment: [String: String]) -> [String] {
        ["TZ", "LANG", "LC_ALL", "LC_MESSAGES", "LC_TIME"].compactMap { name in
            guard let value = environment[name], !value.isEmpty, !value.contains(where: \.isNewline) else { return nil }
            return "\(name)=\(value)"
        }
    }
}
