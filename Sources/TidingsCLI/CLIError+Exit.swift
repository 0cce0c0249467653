import ArgumentParser
import Foundation
import TidingsCore
import TidingsStore

/// Prints `error` as one line on stderr, `program: error: …`, and returns the exit code it
/// stands for: a `CLIError`'s own, 1 for a database or unexpected failure.
private func exitCode(for error: any Error, program: String) -> ExitCode {
    switch error {
    case let error as ExitCode:
        return error
    case let error as CLIError:
        Terminal.error(program: program, error.description)
        return ExitCode(error.exitCode)
    case let error as StoreError:
        Terminal.error(program: program, error.description)
        return ExitCode(1)
    default:
        Terminal.error(program: program, "\(error)")
        return ExitCode(1)
    }
}

/// Reports the failure of a run and returns its exit code. An `ExitCode` is the run's own
/// choice and stands as is; any other failure is printed as one line on stderr, and then,
/// when `answer` has one for its message, that line goes to stdout and its status is the
/// exit code.
func reportFailure(_ error: any Error, program: String, answer: (String) -> (line: String, status: Int32)?) -> ExitCode {
    if let code = error as? ExitCode { return code }
    let code = exitCode(for: error, program: program)
    let message = (error as? CLIError)?.description ?? (error as? StoreError)?.description ?? "\(error)"
    guard let (line, status) = answer(message) else { return code }
    _ = StandardStreams.write(line, to: STDOUT_FILENO)
    return ExitCode(status)
}

/// Runs the body of a command that needs no run context (`tidings links`, which reads
/// neither the config nor the database): a failure is printed as one line on stderr and
/// becomes the exit code. Commands with a context conform to `TidingsCommand` instead.
public func runProgram(_ program: String, _ body: () throws -> Void) throws {
    defer { OpenDatabases.closeAll() }
    do {
        try body()
    } catch {
        throw reportFailure(error, program: program, answer: { _ in nil })
    }
}
