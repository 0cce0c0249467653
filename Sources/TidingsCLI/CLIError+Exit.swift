import ArgumentParser
import Foundation
import TidingsCore
import TidingsStore

/// Prints `error` as one line on stderr, `program: error: …`, and returns the exit code it
/// stands for: a `CLIError`'s own, 1 for a database or unexpected failure.
func exitCode(for error: any Error, program: String) -> ExitCode {
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

/// Runs a program's body: a failure is printed as one line on stderr and becomes the exit
/// code. With `failure`, that function turns the failure's message into the line printed on
/// stdout and the exit code instead (a Nagios plugin must answer UNKNOWN, 3).
public func runProgram(_ program: String, failure: ((String) -> (line: String, status: Int32))? = nil, _ body: () throws -> Void) throws {
    defer { OpenDatabases.closeAll() }
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        let code = exitCode(for: error, program: program)
        guard let failure else { throw code }
        let message = (error as? CLIError)?.description ?? (error as? StoreError)?.description ?? "\(error)"
        let (line, status) = failure(message)
        _ = StandardStreams.write(line, to: STDOUT_FILENO)
        throw ExitCode(status)
    }
}

/// `runProgram` for programs whose work is asynchronous.
public func runProgramAsync(_ program: String, _ body: () async throws -> Void) async throws {
    defer { OpenDatabases.closeAll() }
    do {
        try await body()
    } catch {
        throw exitCode(for: error, program: program)
    }
}
