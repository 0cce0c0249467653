import Foundation
import Subprocess
import SystemPackage

/// A program whose output is read while it runs (`dbus-monitor`, `notify-send --wait`),
/// handed to the body of `StreamedProcess.run`; valid only inside it.
public struct StreamedProcess: Sendable {
    /// Its process id.
    public let pid: pid_t
    private let output: SubprocessOutputSequence
    private let errors: SubprocessOutputSequence?
    private let killer: @Sendable () -> Void

    /// Its standard output, line by line; read from one task only.
    public func lines() -> OutputLines { OutputLines(output) }

    /// What it printed on standard error up to its end, at most `limit` bytes (the rest is
    /// read and dropped); empty when its errors are not kept.
    public func errorOutput(limit: Int) async -> [UInt8] {
        guard let errors else { return [] }
        return await BoundedProcess.collect(errors, limit: limit)
    }

    /// Kills it with SIGKILL.
    public func kill() { killer() }

    /// Runs `path` with `arguments` in `environment` (nil: this process's), stdin on
    /// /dev/null, standard error kept for `errorOutput` when `keepingErrors` (else on
    /// /dev/null), and returns what `body` returned once the program has ended, with how it ended.
    public static func run<Value: Sendable>(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, keepingErrors: Bool = false,
        _ body: (StreamedProcess) async -> Value
    ) async throws(SpawnError) -> (value: Value, termination: ProcessTermination) {
        let variables: Subprocess.Environment = environment.map { .custom(BoundedProcess.keys($0)) } ?? .inherit
        do {
            if keepingErrors {
                let result = try await Subprocess.run(
                    .path(FilePath(path)), arguments: Arguments(arguments), environment: variables, input: .none, output: .sequence, error: .sequence
                ) { execution in
                    await body(
                        StreamedProcess(
                            pid: execution.processIdentifier.value, output: execution.standardOutput, errors: execution.standardError,
                            killer: { try? execution.send(signal: .kill) }))
                }
                return (result.closureResult, ProcessTermination(result.terminationStatus))
            }
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments), environment: variables, input: .none, output: .sequence, error: .discarded
            ) { execution in
                await body(
                    StreamedProcess(
                        pid: execution.processIdentifier.value, output: execution.standardOutput, errors: nil,
                        killer: { try? execution.send(signal: .kill) }))
            }
            return (result.closureResult, ProcessTermination(result.terminationStatus))
        } catch {
            throw SpawnError("cannot start \(path): \(error)")
        }
    }
}

/// A program's output, as swift-subprocess streams it, split into lines.
public struct OutputLines {
    private var iterator: SubprocessOutputSequence.AsyncIterator
    private var pending: [UInt8] = []
    private var ended = false

    /// The lines of `sequence`, which must not be iterated elsewhere.
    init(_ sequence: SubprocessOutputSequence) {
        iterator = sequence.makeAsyncIterator()
    }

    /// The next line without its newline; the last one even without a newline; nil at the end.
    public mutating func next() async -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
            do {
                if let buffer = try await iterator.next() {
                    buffer.withUnsafeBytes { pending.append(contentsOf: $0) }
                } else {
                    ended = true
                }
            } catch {
                ended = true
            }
        }
    }
}
