import ArgumentParser

/// The run a timer starts, taken before the argument parser. The timers start the programs
/// with `--db` and `--config` and nothing else (see `ProgramCommand`), and most of those runs
/// find nothing to do. Building the parser's picture of a command reads the command's type by
/// reflection, which on its own costs an idle `deliver` more than half of its time; a command
/// line of only those two options is read here instead, and a program that finds work, or
/// anything to say, hands over to its parsed run, which does all of it from the start.
public enum QuickStart {
    /// The options of `arguments` (the command line without the program's name) when it holds
    /// only `--db` and `--config`, each at most once, as `--db PATH` or `--db=PATH`; nil for
    /// anything else (another option, a value that looks like an option, an empty value), which
    /// the argument parser reads and judges.
    public static func options(_ arguments: [String]) -> CommonOptions? {
        var db: String?
        var config: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let name: Substring
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard let next = rest.popFirst() else { return nil }
                name = argument[...]
                value = next
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--db" where db == nil: db = value
            case "--config" where config == nil: config = value
            default: return nil
            }
        }
        var options = CommonOptions()
        options.db = db
        options.config = config
        options.now = nil
        options.verbose = false
        return options
    }

    /// Closes the databases the quick run opened, before it ends or hands over.
    public static func closeDatabases() {
        OpenDatabases.closeAll()
    }

    /// The exit status of a quick run of `program` that failed with `error`: printed as one
    /// line on stderr, as a parsed run's failure is, and the databases closed.
    public static func failure(program: String, _ error: any Error) -> ExitCode {
        defer { OpenDatabases.closeAll() }
        return reportFailure(error, program: program, answer: { _ in nil })
    }
}
