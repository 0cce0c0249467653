import Foundation
import Subprocess
import SystemPackage

/// What a finished program printed and how it exited.
public struct ProgramResult: Sendable {
    /// The exit status (128 + signal when killed).
    public var status: Int32
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String

    /// Standard output split into lines, without the empty last one.
    public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
}

/// Runs the built programs (`prefetch`, `plan`, `deliver`, `report`, `tidings`) the way
/// cron would: a given environment, no terminal, output captured.
public struct ProgramRunner: Sendable {
    /// The folder holding the built programs (beside the test bundle).
    public let binaries: String
    /// Environment variables every run gets (TZ, TIDINGS_DB, …), on top of PATH and HOME.
    public var environment: [String: String]

    /// A runner with `environment`, finding the programs next to this test binary, or in
    /// `TIDINGS_TEST_PROGRAMS` (to run the end-to-end tests against a release build).
    public init(environment: [String: String]) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        // Resolved: `.build/release` is a link, and the programs name themselves by the real
        // path (/proc/self/exe) in the command lines they install.
        let folder =
            ProcessInfo.processInfo.environment["TIDINGS_TEST_PROGRAMS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (executable as NSString).deletingLastPathComponent
        binaries =
            realpath(folder, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? folder
        self.environment = environment
    }

    /// A runner with `environment` for the programs in `binaries` (a copy elsewhere).
    public init(binaries: String, environment: [String: String]) {
        self.binaries = binaries
        self.environment = environment
    }

    /// The path of `program`.
    public func path(_ program: String) -> String { binaries + "/" + program }

    /// Runs `program` with `arguments`, `extra` variables and an optional prefix command
    /// (e.g. `["unshare", "-n"]`), and returns what it printed.
    public func run(_ program: String, _ arguments: [String] = [], extra: [String: String] = [:], prefix: [String] = []) async throws -> ProgramResult
    {
        var variables: [Subprocess.Environment.Key: String] = [:]
        let base = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": NSTemporaryDirectory()]
        for (key, value) in base.merging(environment, uniquingKeysWith: { $1 }).merging(extra, uniquingKeysWith: { $1 }) {
            if let name = Subprocess.Environment.Key(rawValue: key) { variables[name] = value }
        }
        let executable: Executable
        let allArguments: [String]
        if let first = prefix.first {
            executable = .name(first)
            allArguments = Array(prefix.dropFirst()) + [path(program)] + arguments
        } else {
            executable = .path(FilePath(path(program)))
            allArguments = arguments
        }
        let result = try await Subprocess.run(
            executable, arguments: Arguments(allArguments), environment: .custom(variables),
            input: .none, output: .string(limit: 64 << 20), error: .string(limit: 1 << 20))
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        return ProgramResult(status: status, stdout: result.standardOutput, stderr: result.standardError)
    }
}
