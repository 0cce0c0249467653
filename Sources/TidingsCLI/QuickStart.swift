import ArgumentParser
import TidingsCore
import TidingsStore

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

    /// `options(_:)` for a command line that also holds `flag` (one without a value, such as
    /// `--if-changed`) exactly once; nil when it lacks the flag or holds anything else.
    public static func options(_ arguments: [String], with flag: String) -> CommonOptions? {
        guard arguments.count(where: { $0 == flag }) == 1 else { return nil }
        return options(arguments.filter { $0 != flag })
    }

    /// How a quick run ended.
    enum Outcome {
        /// Nothing was to do, and the run did all an idle run of the program does.
        case done
        /// The parsed run is to do the run; nothing was left behind.
        case handedOver
        /// It failed after taking the lock, with this status (the error is printed).
        case failed(ExitCode)
    }

    /// The idle run of `program` for `options`: `idle` asks, before the lock, whether the run
    /// has nothing to do (its answer, or nil to hand over), and `end` does what an idle run
    /// does then, under the program's lock. It hands over when the config has an error (whose
    /// warning is the parsed run's), the database cannot be read (whose error is), or the
    /// config names a watcher for `watched` (whose pings are). A run that finds work hands
    /// over without having held the lock, so that the parsed run takes it as usual; once the
    /// lock is taken, a failure ends the run as the parsed run's would, since a second run in
    /// this process could not take the lock again.
    static func idleRun<Answer>(
        program: String, watched: Stage?, options: CommonOptions, idle: (RunContext, TidingsDatabase) throws -> Answer?,
        end: (RunContext, TidingsDatabase, Answer) throws -> Void
    ) -> Outcome {
        guard let context = try? RunContext(program: program, options: options, brokenConfig: .refuse),
            watched.flatMap({ context.config.monitoring.pingURLs[$0] }) == nil, let database = try? context.openDatabase()
        else { return .handedOver }
        guard let answer = try? idle(context, database) else {
            closeDatabases()
            return .handedOver
        }
        do {
            if try StageLock.acquire(context, database: database, wait: nil) { try end(context, database, answer) }
        } catch {
            return .failed(failure(program: program, error))
        }
        closeDatabases()
        return .done
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

extension TidingsCommand {
    /// Runs the program from the command line as the timers start it: when the command line
    /// holds `flag` (if any) and at most `--db` and `--config`, first its quick idle run
    /// (`QuickStart.idleRun`, which hands over when the config names a watcher for `watched`);
    /// the parsed run does the run whenever that hands over. Returns the exit status of a
    /// quick run that failed once it held the lock (its error printed), for the executable to
    /// end with; nil when the run is done.
    public static func main<Answer>(
        timersFlag flag: String?, watched: Stage?, idle: (RunContext, TidingsDatabase) throws -> Answer?,
        end: (RunContext, TidingsDatabase, Answer) throws -> Void
    ) -> Int32? {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let options = if let flag { QuickStart.options(arguments, with: flag) } else { QuickStart.options(arguments) }
        if let options {
            switch QuickStart.idleRun(program: program, watched: watched, options: options, idle: idle, end: end) {
            case .done: return nil
            case .failed(let code): return code.rawValue
            case .handedOver: break
            }
        }
        main(nil)
        return nil
    }

    /// `main(timersFlag:watched:idle:end:)` for a program whose idle run needs nothing of
    /// what `isIdle` read.
    public static func main(
        timersFlag flag: String?, watched: Stage?, isIdle: (RunContext, TidingsDatabase) throws -> Bool,
        end: (RunContext, TidingsDatabase) throws -> Void
    ) -> Int32? {
        main(
            timersFlag: flag, watched: watched, idle: { context, database in try isIdle(context, database) ? true : nil },
            end: { context, database, _ in try end(context, database) })
    }
}
