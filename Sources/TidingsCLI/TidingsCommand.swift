import ArgumentParser
import TidingsCore
import TidingsHTTP
import TidingsStore

/// What every Tidings command has, and what its opening reads (SwiftPM's `_SwiftCommand`):
/// `TidingsCommand` and `AsyncTidingsCommand` differ only in whether their work is async.
public protocol TidingsCommandBase: ParsableCommand {
    /// The name in messages and in the run log: `deliver`, `tidings inbox read`.
    static var program: String { get }

    /// Whether a config file named but not there yet gives the built-in defaults instead of
    /// an error; only `tidings init`, which creates it, says yes.
    static var allowsMissingConfig: Bool { get }

    /// What the command does when its config file has an error: refuse (the default), or go
    /// on with the file's last good config (`deliver` and the commands that only read).
    static var brokenConfig: BrokenConfigPolicy { get }

    /// The options every program takes.
    var options: CommonOptions { get }

    /// The stage this program runs, whose runs ping `[monitoring]`'s watcher; nil (the
    /// default) for the commands that are not a stage.
    static var stage: Stage? { get }

    /// The line printed on standard output and the exit status for a failed run, given the
    /// failure's message; nil (the default) for just the error on standard error and its
    /// usual code. A Nagios plugin must answer UNKNOWN, 3.
    func failureAnswer(_ message: String) -> (line: String, status: Int32)?
}

/// A Tidings command whose work is synchronous: it writes only `run(_:)`, and `run()`
/// does the opening all commands share.
public protocol TidingsCommand: TidingsCommandBase {
    /// The command's own work, with the context resolved from its options.
    func run(_ context: RunContext) throws
}

/// A Tidings command whose work is asynchronous (`tidings init`, `doctor`, `test`).
/// Synchronous commands stay so: `deliver` starts Swift concurrency only when something is
/// due, which keeps its every-minute idle run cheap.
public protocol AsyncTidingsCommand: TidingsCommandBase, AsyncParsableCommand {
    /// The command's own work, with the context resolved from its options.
    func run(_ context: RunContext) async throws
}

extension TidingsCommandBase {
    public static var allowsMissingConfig: Bool { false }

    public static var brokenConfig: BrokenConfigPolicy { .refuse }

    public static var stage: Stage? { nil }

    public func failureAnswer(_ message: String) -> (line: String, status: Int32)? { nil }

    /// The line a failed run's ping carries: its error.
    static func failureLine(_ error: any Error) -> String {
        (error as? CLIError)?.description ?? (error as? StoreError)?.description ?? (error is ExitCode ? "" : "\(error)")
    }

    /// The context of this run, resolved from the options and the environment.
    func makeContext() throws(CLIError) -> RunContext {
        try RunContext(
            program: Self.program, options: options, allowingMissingConfig: Self.allowsMissingConfig, brokenConfig: Self.brokenConfig)
    }
}

extension TidingsCommand {
    /// Builds the context and runs `run(_:)`; a failure is printed as one line on stderr and
    /// becomes the exit code; the databases the run opened are closed at the end.
    public mutating func run() throws {
        defer { OpenDatabases.closeAll() }
        var ping: StagePing?
        do {
            let context = try makeContext()
            ping = StagePing.starting(Self.stage, context: context)
            try run(context)
            ping?.finished(program: Self.program, status: 0, log: [], context: context)
        } catch {
            let code = reportFailure(error, program: Self.program, answer: failureAnswer)
            ping?.finished(program: Self.program, status: code.rawValue, log: [Self.failureLine(error)], context: nil)
            throw code
        }
    }
}

extension AsyncTidingsCommand {
    /// `TidingsCommand.run()` for asynchronous work.
    public mutating func run() async throws {
        defer { OpenDatabases.closeAll() }
        var ping: StagePing?
        do {
            let context = try makeContext()
            ping = StagePing.starting(Self.stage, context: context)
            try await run(context)
            ping?.finished(program: Self.program, status: 0, log: [], context: context)
        } catch {
            let code = reportFailure(error, program: Self.program, answer: failureAnswer)
            ping?.finished(program: Self.program, status: code.rawValue, log: [Self.failureLine(error)], context: nil)
            throw code
        }
    }
}
