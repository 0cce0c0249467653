import ArgumentParser
import Foundation
import TidingsCore
import TidingsStore

/// Everything a program needs to run, resolved from its options and the environment.
public struct RunContext: Sendable {
    /// The program's name, for messages (`plan`).
    public let program: String
    /// The database file.
    public let databasePath: String
    /// The config in force.
    public let config: TidingsConfig
    /// Where the config came from: a path, or "built-in defaults".
    public let configOrigin: String
    /// The clock: `--now` or the real time.
    public let now: EpochMillis
    /// Whether `--now` fixed the clock.
    public let clockIsFixed: Bool
    /// The zone (`TZ`).
    public let zone: Zone
    /// The standard places.
    public let places: Places
    /// Whether to narrate on standard error.
    public let verbose: Bool

    /// Resolves `options` for `program`: the flag, else the environment variable, else the default.
    public init(program: String, options: CommonOptions) throws(CLIError) {
        let environment = Environment.current
        self.program = program
        places = Places(environment: environment)
        zone = .current
        verbose = options.verbose
        databasePath = options.db ?? environment["TIDINGS_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? places.defaultDatabase
        if let text = options.now ?? environment["TIDINGS_NOW"] {
            guard let instant = ISOTime.parse(text, in: zone) else {
                throw CLIError.usage("--now: expected an ISO 8601 time, found \"\(text)\"")
            }
            now = instant
            clockIsFixed = true
        } else {
            now = RunContext.realNow()
            clockIsFixed = false
        }
        let explicit = options.config ?? environment["TIDINGS_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        (config, configOrigin) = try RunContext.loadConfig(explicit: explicit, places: places)
    }

    /// The real time now.
    public static func realNow() -> EpochMillis {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return EpochMillis(spec.tv_sec) * 1000 + EpochMillis(spec.tv_nsec / 1_000_000)
    }

    private static func loadConfig(explicit: String?, places: Places) throws(CLIError) -> (TidingsConfig, String) {
        let path = explicit ?? places.defaultConfig
        guard FileManager.default.fileExists(atPath: path) else {
            if explicit != nil { throw CLIError.config(ConfigError(file: path, key: "", message: "no such file")) }
            return (TidingsConfig.builtIn(sampleContentURL: places.sampleContent()), "built-in defaults")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIError.config(ConfigError(file: path, key: "", message: "cannot read: \(error.localizedDescription)"))
        }
        let folder = ((path as NSString).standardizingPath as NSString).deletingLastPathComponent
        let absoluteFolder = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        do {
            return (try TidingsConfig.parse(toml: text, file: path, directory: absoluteFolder), path)
        } catch {
            throw CLIError.config(error)
        }
    }

    /// Opens the shared database.
    public func openDatabase() throws(CLIError) -> TidingsDatabase {
        do {
            return try TidingsDatabase(path: databasePath)
        } catch {
            throw CLIError.store(error)
        }
    }

    /// Writes `message` on standard error when `--verbose` is on.
    public func narrate(_ message: @autoclosure () -> String) {
        if verbose { Terminal.note(program: program, message()) }
    }
}
