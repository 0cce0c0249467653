import Foundation
import TidingsDeliver

/// How a short outside program (crontab, systemctl, systemd-run, at) ended; a program that
/// is not on PATH failed to start.
public typealias ProcessOutcome = DesktopCallOutcome

extension DesktopCallOutcome {
    /// Whether it exited with status 0.
    public var succeeded: Bool {
        if case .finished(0, _, _) = self { return true }
        return false
    }

    /// Why it did not succeed, in a few words; nil when it did.
    public var problem: String? {
        switch self {
        case .finished(0, _, _): return nil
        case .finished(let status, let output, let error):
            let said = (error.isEmpty ? output : error).split(separator: "\n").last.map { ": \($0)" } ?? ""
            return "exit status \(status)\(said)"
        case .timedOut: return "did not answer in time"
        case .failedToStart(let reason): return reason
        }
    }
}

/// Runs short outside programs found on PATH with a deadline, so that a hung systemd or
/// atd cannot hang a run.
public struct BoundedProcess: Sendable {
    /// The environment the programs get (PATH is searched in it).
    public var environment: [String: String]
    /// The longest a program may take.
    public var limit: Duration

    /// A runner for `environment`.
    public init(environment: [String: String], limit: Duration = .seconds(10)) {
        self.environment = environment
        self.limit = limit
    }

    /// The path of `program` on PATH, nil when it is not there.
    public func locate(_ program: String) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments`, `input` on its standard input.
    public func run(_ program: String, _ arguments: [String], input: String = "") async -> ProcessOutcome {
        guard let path = locate(program) else { return .failedToStart("not installed (not on PATH)") }
        return await BoundedCommand.run(path, arguments, input: input, environment: environment, limit: limit)
    }
}
