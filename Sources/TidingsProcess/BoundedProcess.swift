import Foundation
import Subprocess
import SystemPackage

/// Runs short outside programs (crontab, systemctl, systemd-run, at, gdbus, dunstctl,
/// xdg-mime) with a hard deadline: on a miss the program and everything it started are
/// killed with SIGKILL, so that a hung daemon cannot hang a run.
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
        SearchPath.find(program, environment: environment)
    }

    /// Runs `program` (found on PATH) with `arguments`, `input` on its standard input.
    public func run(_ program: String, _ arguments: [String], input: String = "") async -> ProcessOutcome {
        guard let path = locate(program) else { return .failedToStart("not installed (not on PATH)") }
        return await Self.run(path, arguments, input: input, environment: environment, limit: limit)
    }

    /// What `program` (found on PATH) printed, without the white space around it, when it
    /// exited 0 in time; nil otherwise.
    public func output(_ program: String, _ arguments: [String]) async -> String? {
        await run(program, arguments).successOutput
    }

    private enum Piece: Sendable {
        case output([UInt8])
        case error([UInt8])
        case deadline, cancelled
    }

    /// Runs `path` with `arguments` in `environment`, `input` on its standard input, for at most `limit`.
    public static func run(_ path: String, _ arguments: [String], input: String = "", environment: [String: String], limit: Duration) async
        -> ProcessOutcome
    {
        // Input that fits a pipe's buffer is written before the program starts and the pipe
        // closed: a program that exits without reading it (a failing command) then costs
        // nothing, where a write to its closed stdin would fail the run.
        if !input.isEmpty, input.utf8.count <= pipeCapacity, let descriptor = filledPipe(input) {
            return await execute(
                path, arguments, input: .fileDescriptor(FileDescriptor(rawValue: descriptor), closeAfterSpawningProcess: true),
                environment: environment, limit: limit)
        }
        return await execute(path, arguments, input: .string(input), environment: environment, limit: limit)
    }

    /// The bytes a pipe holds without a reader on Linux: 64 KiB.
    static let pipeCapacity = 65_536

    /// The read end of a pipe holding `input`, its write end closed; nil when it cannot be made.
    static func filledPipe(_ input: String) -> Int32? {
        guard let (read, write) = try? ProcessSpawn.pipe() else { return nil }
        defer { close(write) }
        var bytes = Array(input.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                close(read)
                return nil
            }
            bytes = bytes.dropFirst(written)
        }
        return read
    }

    private static func execute(
        _ path: String, _ arguments: [String], input: some InputProtocol, environment: [String: String], limit: Duration
    ) async -> ProcessOutcome {
        var platform = PlatformOptions()
        // Its own process group: dunstctl is a shell script whose dbus-send would keep the
        // pipes open after the script itself was killed.
        platform.processGroupID = 0
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments), environment: .custom(keys(environment)),
                platformOptions: platform, input: input, output: .sequence, error: .sequence
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
                        case .output(let bytes):
                            output = bytes
                            closed += 1
                        case .error(let bytes):
                            error = bytes
                            closed += 1
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
            return .finished(
                status: ProcessTermination(result.terminationStatus).status,
                output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
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

extension ProcessTermination {
    /// swift-subprocess's status.
    init(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        }
    }
}
