import Foundation
import TidingsCore
import TidingsStore

/// What a command does when its config file has an error.
public enum BrokenConfigPolicy: Sendable, Equatable {
    /// Refuse to run (exit 64): `plan` and `prefetch`, which would change what is planned,
    /// and the commands that change the person's settings.
    case refuse
    /// Go on with the file's last good config, saying the error on standard error; refuse
    /// when there is none: `deliver` and the commands that only read.
    case lastGood
    /// Go on with the last good config, else the built-in defaults, saying nothing: `tidings
    /// doctor`, which shows the error as a failed check and still makes the others.
    case diagnose
}

/// A config file with an error, and the config a run goes on with instead.
public struct ConfigProblem: Sendable {
    /// The error, with its line (`ConfigError.located(in:)`).
    public let error: ConfigError
    /// The file's last good config; nil when there is none (`tidings doctor` then goes on
    /// with the built-in defaults).
    public let lastGood: LastGoodConfig?
    /// The zone times are said in.
    let zone: Zone

    /// `2026-11-22 06:00`: when the last good config was stored, in the run's zone.
    public var lastGoodTime: String? {
        lastGood.map { String(ISOTime.format($0.loadedAt, in: zone).prefix(16)).replacingOccurrences(of: "T", with: " ") }
    }

    /// What the runs go on with, in words: `its last good version, stored 2026-11-22 06:00`,
    /// or the built-in defaults that were in force before the file appeared.
    var lastGoodWords: String? {
        guard let lastGood, let when = lastGoodTime else { return nil }
        return lastGood.text == nil
            ? "the built-in defaults, in force before the file appeared (since \(when))" : "its last good version, stored \(when)"
    }

    /// What a run that goes on says on standard error after the error itself.
    public var goingOn: String {
        lastGoodWords.map { "going on with \($0)" } ?? "going on with the built-in defaults (no last good version is stored)"
    }

    /// What to do, and what the programs do meanwhile, for `tidings doctor`.
    public var fix: String {
        let place = error.line.map { "line \($0) of " } ?? ""
        guard let words = lastGoodWords else {
            return "correct \(place)the file: every program refuses it, since no last good version is stored (these checks use the built-in defaults)"
        }
        return "correct \(place)the file: plan and prefetch refuse it; deliver and the commands that only read go on with \(words)"
    }

    /// The notification that tells the person, through their own channels (the last good
    /// config's routes for the system category): its id is the error's and the last good
    /// config's, so each distinct error is told once.
    public func notice(now: EpochMillis) -> NotificationRecord? {
        guard let lastGood, let when = lastGoodTime else { return nil }
        var problem = error.problem
        if problem.count > 300 { problem = String(problem.prefix(300)) + "…" }
        let place = error.line.map { " on line \($0)" } ?? ""
        let id = "notice:config:" + StableHash.hex([lastGood.path, error.description, String(lastGood.loadedAt)].joined(separator: "\u{0}"))
        return NotificationRecord(
            id: id, kind: .notice, category: .system, title: "Tidings config error",
            body: "Your Tidings config has an error\(place): \(problem); reminders go on with "
                + (lastGood.text == nil ? "the built-in defaults in force before it (since \(when))." : "the config of \(when)."),
            deepLink: nil, dueAt: now, plannedLocal: String(ISOTime.format(now, in: zone).prefix(16)), plannedZone: zone.identifier,
            staleness: .fresh, contentFetchTime: nil, now: now)
    }
}

extension RunContext {
    /// The absolute form of a config path, the key its last good config is stored under.
    public static func absoluteConfigPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).standardizingPath
    }

    /// The config a run under `policy` goes on with when its file has `error`: the last good
    /// one stored in the database at `databasePath` (which is not created), else for
    /// `.diagnose` the built-in defaults; nil to refuse.
    static func fallback(
        for error: ConfigError, path: String, databasePath: String, places: Places, zone: Zone, policy: BrokenConfigPolicy
    ) -> (config: TidingsConfig, origin: String, text: String?, problem: ConfigProblem)? {
        guard policy != .refuse else { return nil }
        let absolute = absoluteConfigPath(path)
        if let lastGood = storedLastGood(path: absolute, databasePath: databasePath, places: places) {
            let problem = ConfigProblem(error: error, lastGood: lastGood, zone: zone)
            guard let text = lastGood.text else {
                // No file was there before: the built-in defaults were in force, and stay.
                return (TidingsConfig.builtIn(sampleContentURL: places.sampleContent()), "built-in defaults", nil, problem)
            }
            if let config = try? TidingsConfig.parse(toml: text, file: path, directory: (absolute as NSString).deletingLastPathComponent) {
                return (config, "\(path) as stored \(problem.lastGoodTime ?? "")", text, problem)
            }
        }
        guard policy == .diagnose else { return nil }
        return (
            TidingsConfig.builtIn(sampleContentURL: places.sampleContent()), "built-in defaults", nil,
            ConfigProblem(error: error, lastGood: nil, zone: zone)
        )
    }

    /// The last good config of `path` in the database at `databasePath`, when it exists.
    private static func storedLastGood(path: String, databasePath: String, places: Places) -> LastGoodConfig? {
        guard var database = try? TidingsDatabase(path: databasePath, mode: .existingOnly) else { return nil }
        defer { database.closeConnection() }
        database.localStem = localStem(of: databasePath, places: places)
        return try? database.lastGoodConfig(path: path)
    }

    /// Keeps the config of this run as its file's last good one (`plan`, `prefetch`, `tidings
    /// add` and a `deliver` run with work): one read, and a write only when the text
    /// changed. With no file at its path, that the built-in defaults are in force. Nothing
    /// for a run that went on without its file.
    public func keepConfig(in database: TidingsDatabase) throws(CLIError) {
        guard configProblem == nil else { return }
        do {
            if try database.keepLastGoodConfig(path: Self.absoluteConfigPath(configPath), text: configText, now: now) {
                narrate("kept the config as the last good one")
            }
        } catch {
            throw CLIError.store(error)
        }
    }

    /// Records the error of the config file of a run that went on without it, and tells the
    /// person once per distinct error (a system notification, due now); nothing when there
    /// is no error or it was told already.
    public func recordConfigProblem(in database: TidingsDatabase) throws(CLIError) {
        guard let problem = configProblem, let lastGood = problem.lastGood, let notice = problem.notice(now: now) else { return }
        do {
            if try database.recordConfigError(path: lastGood.path, message: problem.error.description, notice: notice, now: now) {
                narrate("the person is told about the config error (\(notice.id))")
            }
        } catch {
            throw CLIError.store(error)
        }
    }
}
