import Foundation
import Subprocess
import SystemPackage

/// How a call to an outside program under a deadline ended.
public enum DesktopCallOutcome: Sendable, Equatable {
    /// It exited (or was killed by someone else): its status and what it printed.
    case finished(status: Int32, output: String, error: String)
    /// It did not finish in time and was killed.
    case timedOut
    /// It could not be started: why.
    case failedToStart(String)

    /// What it printed on stdout, trimmed, when it exited with status 0.
    var successOutput: String? {
        guard case .finished(0, let output, _) = self else { return nil }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs short programs (gdbus, dunstctl) with a hard deadline: on a miss the program and
/// everything it started are killed with SIGKILL, so a hung daemon cannot hang `deliver`.
enum DesktopCall {
    private enum Piece: Sendable {
        case output([UInt8]), error([UInt8]), deadline, cancelled
    }

    /// Runs `path` with `arguments` in `environment`, `input` on its standard input, for at most `limit`.
    static func run(_ path: String, _ arguments: [String], input: String = "", environment: [String: String], limit: Duration) async -> DesktopCallOutcome {
        var platform = PlatformOptions()
        // Its own process group: dunstctl is a shell script whose dbus-send would keep the
        // pipes open after the script itself was killed.
        platform.processGroupID = 0
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments), environment: .custom(keys(environment)),
                platformOptions: platform, input: .string(input), output: .sequence, error: .sequence
            ) { execution in
                await withTaskGroup(of: Piece.self) { group in
                    group.addTask { .output(await collect(execution.standardOutput)) }
                    group.addTask { .error(await collect(execution.standardError)) }
                    group.addTask {
                        do {
                            try await Task.sleep(for: limit)
                            return .deadline
                        } catch {
                            return .cancelled
                        }
                    }
                    var output: [UInt8] = []
                    var error: [UInt8] = []
                    var closed = 0
                    var timedOut = false
                    while let piece = await group.next() {
                        switch piece {
                        case .output(let bytes): output = bytes; closed += 1
                        case .error(let bytes): error = bytes; closed += 1
                        case .deadline:
                            timedOut = true
                            _ = kill(-execution.processIdentifier.value, SIGKILL)
                        case .cancelled: break
                        }
                        if closed == 2 { group.cancelAll() }
                    }
                    return (output, error, timedOut)
                }
            }
            let (output, error, timedOut) = result.closureResult
            if timedOut { return .timedOut }
            let status: Int32 = switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
            return .finished(status: status, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
        } catch {
            return .failedToStart("cannot start \(path): \(error)")
        }
    }

    /// `environment` as swift-subprocess keys.
    static func keys(_ environment: [String: String]) -> [Subprocess.Environment.Key: String] {
        var variables: [Subprocess.Environment.Key: String] = [:]
        for (name, value) in environment {
            if let key = Subprocess.Environment.Key(rawValue: name) { variables[key] = value }
        }
        return variables
    }

    /// Everything `sequence` yields, up to `limit` bytes (the rest is read and dropped).
    static func collect(_ sequence: SubprocessOutputSequence, limit: Int = 1 << 20) async -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            for try await buffer in sequence where bytes.count < limit {
                buffer.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(limit - bytes.count)) }
            }
        } catch {}
        return bytes
    }
}

/// Splits a program's output, as swift-subprocess streams it, into lines.
struct DesktopLineReader {
    private var iterator: SubprocessOutputSequence.AsyncIterator
    private var pending: [UInt8] = []
    private var ended = false

    /// A reader over `sequence`, which must not be iterated elsewhere.
    init(_ sequence: SubprocessOutputSequence) {
        iterator = sequence.makeAsyncIterator()
    }

    /// The next line without its newline; the last one even without a newline; nil at the end.
    mutating func next() async -> String? {
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
