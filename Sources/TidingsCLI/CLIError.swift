import ArgumentParser
import Foundation
import TidingsCore
import TidingsStore

/// A failure a program reports and turns into its exit code: 64 for usage and config
/// errors, 1 when the stage could not do its job.
public enum CLIError: Error, Sendable, CustomStringConvertible {
    /// A wrong flag or value.
    case usage(String)
    /// A config file that cannot be used.
    case config(ConfigError)
    /// The database failed.
    case store(StoreError)
    /// The stage failed for another reason.
    case failed(String)

    /// The process exit status for this failure.
    public var exitCode: Int32 {
        switch self {
        case .usage, .config: 64
        case .store, .failed: 1
        }
    }

    /// The message, without the program's name.
    public var description: String {
        switch self {
        case .usage(let message), .failed(let message): message
        case .config(let error): "config \(error)"
        case .store(let error): error.description
        }
    }
}

/// Output on the terminal: data on stdout, talk on stderr (`plan: error: …`), colour only
/// when stderr is a terminal.
public enum Terminal {
    private static let colour = isatty(STDERR_FILENO) == 1 && Environment.current["NO_COLOR"] == nil

    /// Writes `text` to standard error as is (a failure there has nowhere to be reported).
    public static func standardError(_ text: String) {
        _ = StandardStreams.write(text, to: STDERR_FILENO)
    }

    /// `program: error: message`.
    public static func error(program: String, _ message: String) {
        standardError("\(program): \(colour ? "\u{1B}[1;31merror\u{1B}[0m" : "error"): \(message)\n")
    }

    /// `program: warning: message`.
    public static func warning(program: String, _ message: String) {
        standardError("\(program): \(colour ? "\u{1B}[1;33mwarning\u{1B}[0m" : "warning"): \(message)\n")
    }

    /// `program: message`.
    public static func note(program: String, _ message: String) {
        standardError("\(program): \(message)\n")
    }

    /// Writes `text` to standard output; a failure (full disk, closed pipe) is an error of the run.
    public static func output(_ text: String) throws(CLIError) {
        if let problem = StandardStreams.write(text, to: STDOUT_FILENO) {
            throw CLIError.failed("cannot write to standard output: \(problem)")
        }
    }
}

/// Parses a duration option (`7d`, `2h`), or throws a usage error naming the flag.
public func durationOption(_ text: String, flag: String) throws(CLIError) -> Int64 {
    guard let millis = DurationText.parse(text), millis > 0 else {
        throw CLIError.usage("\(flag): expected a duration such as \"2d\" or \"12h\", found \"\(text)\"")
    }
    return millis
}
