import Foundation

/// How timers start the programs: their absolute paths, with `--db` and `--config` (see
/// `init(context:)`: always the database, the config whenever its file exists).
public struct ProgramCommand: Sendable, Equatable {
    /// The folder the programs are in.
    public var folder: String
    /// Flags every program gets (`--db /x --config /y`).
    public var flags: [String]

    /// Commands for the programs in `folder`; `database` and `config` are passed on when not nil
    /// (made absolute against `currentDirectory`: a timer runs in another folder).
    public init(folder: String, database: String?, config: String?, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.folder = folder
        var flags: [String] = []
        if let database { flags += ["--db", Self.absolute(database, in: currentDirectory)] }
        if let config { flags += ["--config", Self.absolute(config, in: currentDirectory)] }
        self.flags = flags
    }

    /// `path` made absolute against `currentDirectory`.
    public static func absolute(_ path: String, in currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        ((path.hasPrefix("/") ? path : currentDirectory + "/" + path) as NSString).standardizingPath
    }

    /// The command line of `program` (`deliver`), with the flags.
    public func command(_ program: String) -> [String] { [folder + "/" + program] + flags }
}
