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

/// Runs a program's body: a failure is printed as one line on stderr and becomes the exit
/// code. With `failure`, that function turns the failure's message into the line printed on
/// stdout and the exit code instead (a Nagios plugin must answer UNKNOWN, 3).
public func runProgram(_ program: String, failure: ((String) -> (line: String, status: Int32))? = nil, _ body: () throws -> Void) throws {
    defer { OpenDatabases.closeAll() }
    do {
        try body()
    } catch {
        throw reportFailure(error, program: program, answer: { message in failure?(message) })
    }
}

/// `runProgram` for programs whose work is asynchronous.
public func runProgramAsync(_ program: String, _ body: () async throws -> Void) async throws {
    defer { OpenDatabases.closeAll() }
    do {
        try await body()
    } catch {
        throw reportFailure(error, program: program, answer: { _ in nil })
    }
}
