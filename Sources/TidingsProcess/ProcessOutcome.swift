import Foundation

/// How a run of an outside program under a deadline ended.
public enum ProcessOutcome: Sendable, Equatable {
    /// It exited (or was killed by someone else): its status and what it printed.
    case finished(status: Int32, output: String, error: String)
    /// It did not finish in time and was killed.
    case timedOut
    /// It could not be started (a program not on PATH is not installed): why.
    case failedToStart(String)

    /// Whether it exited with status 0.
    public var succeeded: Bool {
        if case .finished(0, _, _) = self { return true }
        return false
    }

    /// What it printed on stdout, without the white space around it, when it exited with status 0.
    public var successOutput: String? {
        guard case .finished(0, let output, _) = self else { return nil }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
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

/// How a program ended, in swift-subprocess's words (`exited(1)`, `signaled(9)`).
public enum ProcessTermination: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)

    /// The status a shell would give: the exit status, or 128 plus the signal.
    public var status: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// `exited(1)` or `signaled(9)`.
    public var description: String {
        switch self {
        case .exited(let code): "exited(\(code))"
        case .signaled(let signal): "signaled(\(signal))"
        }
    }
}
