import ArgumentParser
import Foundation
import Synchronization
import TidingsCore
import TidingsPostgres
import TidingsStore

/// Everything a program needs to run, resolved from its options and the environment.
public struct RunContext: Sendable {
    /// The program's name, for messages (`plan`).
    public let program: String
    /// The database file, or the `postgresql://` URL of a store on PostgreSQL (with its
    /// password when `TIDINGS_DB` holds one: name it in messages as `databaseName`).
    public let databasePath: String
    /// Where `databasePath` came from, for messages: `--db`, `TIDINGS_DB`, or for the
    /// default place `--db (the default is under XDG_STATE_HOME)`.
    public let databasePathOrigin: String
    /// The config in force.
    public let config: TidingsConfig
    /// Where the config came from: a path, or "built-in defaults".
    public let configOrigin: String
    /// The config file of this run, whether it exists or not: the one `--config` or
    /// `TIDINGS_CONFIG` names, else the default place.
    public let configPath: String
    /// The text of that config file as read (or of its last good version); nil for the
    /// built-in defaults.
    public let configText: String?
    /// The error of the config file when this run goes on without it, with the last good
    /// config (see `BrokenConfigPolicy`); nil when the file loaded.
    public let configProblem: ConfigProblem?
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
    /// With `allowingMissingConfig` (`tidings init`, which creates it), a config file named
    /// but not there yet gives the built-in defaults instead of an error. A config file with
    /// an error is refused or replaced as `brokenConfig` says.
    public init(
        program: String, options: CommonOptions, allowingMissingConfig: Bool = false, brokenConfig: BrokenConfigPolicy = .refuse
    ) throws(CLIError) {
        StandardStreams.ignoreBrokenPipes()
        let environment = Environment.current
        self.program = program
        places = Places(environment: environment)
        zone = try RunContext.zone(from: environment["TZ"])
        verbose = options.verbose
        databasePath = options.db ?? environment["TIDINGS_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? places.defaultDatabase
        databasePathOrigin =
            options.db != nil ? "--db" : databasePath == places.defaultDatabase ? "--db (the default is under XDG_STATE_HOME)" : "TIDINGS_DB"
        try RunContext.refuseLineBreak(
            databasePath,
            named: options.db != nil ? "--db" : databasePath == places.defaultDatabase ? "the database path (XDG_STATE_HOME)" : "TIDINGS_DB")
        if let db = options.db, PostgresTarget.isURL(db), PostgresTarget(db).password != nil {
            throw CLIError.usage(
                "--db: the URL holds a password, which every user of this machine can read in the process list; put it in ~/.pgpass (or the file PGPASSFILE names), or in TIDINGS_DB or PGPASSWORD, and leave it out of --db"
            )
        }
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
        configPath = explicit ?? places.defaultConfig
        try RunContext.refuseLineBreak(
            configPath, named: options.config != nil ? "--config" : explicit != nil ? "TIDINGS_CONFIG" : "the config path (XDG_CONFIG_HOME)")
        do {
            (config, configOrigin, configText) = try RunContext.loadConfig(
                explicit: allowingMissingConfig ? nil : explicit, path: configPath, places: places)
            configProblem = nil
        } catch {
            guard case .config(let problem) = error,
                let fallback = RunContext.fallback(
                    for: problem, path: configPath, databasePath: databasePath, places: places, zone: zone, policy: brokenConfig)
            else { throw error }
            (config, configOrigin, configText, configProblem) = (fallback.config, fallback.origin, fallback.text, fallback.problem)
            if brokenConfig == .lastGood { Terminal.warning(program: program, "\(error.description); \(fallback.problem.goingOn)") }
        }
    }

    /// Refuses a path with a line break: the crontab lines, systemd units and wake-ups that
    /// run the programs with it cannot carry one.
    static func refuseLineBreak(_ path: String, named name: String) throws(CLIError) {
        guard path.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return }
        throw CLIError.usage(
            "\(name): the path \(path.debugDescription) holds a line break, which crontab lines and systemd units cannot carry; use a path without one"
        )
    }

    /// The zone `TZ` names, checked against the zone database without loading it (that
    /// costs more than an idle run may spend): `Europe/Berlin`, `:Europe/Berlin`, or a path
    /// under `/usr/share/zoneinfo`. POSIX rule strings (`CET-1CEST,…`) are refused.
    static func zone(from variable: String?) throws(CLIError) -> Zone {
        guard var name = variable, !name.isEmpty else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        let zoneinfo = "/usr/share/zoneinfo/"
        if name.hasPrefix("/") {
            guard let range = name.range(of: "/zoneinfo/") else {
                throw CLIError.usage("TZ: \"\(variable ?? "")\" is not a zone file under \(zoneinfo)")
            }
            name = String(name[range.upperBound...])
        }
        let valid = !name.isEmpty && !name.contains("..") && name.allSatisfy { $0.isLetter || $0.isNumber || "/_-+".contains($0) }
        guard valid, FileManager.default.fileExists(atPath: zoneinfo + name) else {
            throw CLIError.usage("TZ: unknown time zone \"\(variable ?? "")\"; use a name such as Europe/Berlin (see \(zoneinfo))")
        }
        return .deferred(named: name)
    }

    /// The real time now.
    public static func realNow() -> EpochMillis {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return EpochMillis(spec.tv_sec) * 1000 + EpochMillis(spec.tv_nsec / 1_000_000)
    }

    private static func loadConfig(explicit: String?, path: String, places: Places) throws(CLIError) -> (TidingsConfig, String, String?) {
        guard FileManager.default.fileExists(atPath: path) else {
            if explicit != nil { throw CLIError.config(ConfigError(file: path, key: "", message: "no such file")) }
            return (TidingsConfig.builtIn(sampleContentURL: places.sampleContent()), "built-in defaults", nil)
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
            return (try TidingsConfig.parse(toml: text, file: path, directory: absoluteFolder), path, text)
        } catch {
            throw CLIError.config(error.located(in: text))
        }
    }

    /// Whether the store is on PostgreSQL (`databasePath` is a `postgresql://` URL).
    public var isPostgreSQL: Bool { TidingsDatabase.isServer(databasePath) }

    /// The database as messages name it: the file, or the server's URL without its password.
    public var databaseName: String { isPostgreSQL ? PostgresTarget(databasePath).redacted : databasePath }

    /// The database as the programs this run starts get it on their command line (the
    /// desktop waiters, the timers' programs): on PostgreSQL the URL without its password,
    /// which they find where libpq looks for one (the password file).
    public var databaseForChildren: String { isPostgreSQL ? PostgresTarget(databasePath).withoutPassword : databasePath }

    /// Where this machine keeps its own files of the store, as `<stem>.deliver.lock`,
    /// `<stem>.wake` and `session.env` beside it: the database file itself, or for a store
    /// on PostgreSQL `$XDG_STATE_HOME/tidings/postgresql`, one stem for the host.
    public var localStem: String { Self.localStem(of: databasePath, places: places) }

    /// `localStem` for the store at `databasePath`.
    static func localStem(of databasePath: String, places: Places) -> String {
        TidingsDatabase.isServer(databasePath) ? places.postgresStem : databasePath
    }

    /// Opens the shared database, for a run of a program to log there when the disk is full.
    public func openDatabase() throws(CLIError) -> TidingsDatabase {
        do {
            var database = try TidingsDatabase(path: databasePath)
            if database.isPostgreSQL { try? PrivateFolder.create((localStem as NSString).deletingLastPathComponent) }
            database.loggedRun = Stage(rawValue: program).map { StageTimer(stage: $0, now: now) }
            database.mediaFolder = places.mediaFolder
            database.localStem = localStem
            OpenDatabases.keep(database)
            return database
        } catch {
            throw CLIError.store(error)
        }
    }

    /// The shared database for a program that changes what is there but creates nothing
    /// (`report`, which logs its run, `tidings inbox read`, `pending cancel`): it must
    /// exist, since such a run creates neither the file, nor its folder, nor its reserve. A
    /// missing one is a failure that says how to get one.
    public func openExistingDatabase() throws(CLIError) -> TidingsDatabase {
        guard let database = try openExistingDatabaseIfPresent() else { throw CLIError.failed(missingDatabaseMessage) }
        return database
    }

    /// The shared database when it exists, nil when there is none; nothing is created
    /// either way.
    public func openExistingDatabaseIfPresent() throws(CLIError) -> TidingsDatabase? {
        try openIfPresent(mode: .existingOnly) { database in
            database.loggedRun = Stage(rawValue: program).map { StageTimer(stage: $0, now: now) }
            database.mediaFolder = places.mediaFolder
        }
    }

    /// The database at `databasePath` opened in `mode` (which creates nothing) and set up by
    /// `prepare`, kept open for the run; nil when there is none.
    private func openIfPresent(
        mode: TidingsDatabase.OpenMode, prepare: (inout TidingsDatabase) -> Void = { _ in }
    ) throws(CLIError) -> TidingsDatabase? {
        do {
            var database = try TidingsDatabase(path: databasePath, mode: mode)
            database.localStem = localStem
            prepare(&database)
            OpenDatabases.keep(database)
            return database
        } catch  where error.isMissingDatabase {
            return nil
        } catch {
            throw CLIError.store(error)
        }
    }

    /// `no database at /path: run prefetch and plan first, or check --db`, naming where the
    /// path came from.
    public var missingDatabaseMessage: String {
        isPostgreSQL
            ? "no Tidings store in \(databaseName) yet: run prefetch and plan first, or check \(databasePathOrigin)"
            : "no database at \(databasePath): run prefetch and plan first, or check \(databasePathOrigin)"
    }

    /// The shared database for a run that only looks (`tidings log`, `next`, `join`, the
    /// inbox and pending lists), on a read-only connection: it must exist, and it is never
    /// migrated. A missing one is a failure that says how to get one; an older schema, one
    /// that names the programs that bring it up to date.
    public func openDatabaseForReading() throws(CLIError) -> TidingsDatabase {
        guard let database = try openDatabaseForReadingIfPresent() else { throw CLIError.failed(missingDatabaseMessage) }
        return database
    }

    /// `openDatabaseForReading()`, or nil when there is no database (`tidings doctor`).
    public func openDatabaseForReadingIfPresent() throws(CLIError) -> TidingsDatabase? {
        try openIfPresent(mode: .readOnly)
    }

    /// The shared database for a run that only reads but needs one even before the first
    /// run (`plan --dry-run`): the file on a read-only connection when it exists, else an
    /// empty one in memory, so that nothing is created.
    public func openDatabaseReadingOnly() throws(CLIError) -> TidingsDatabase {
        if let database = try openDatabaseForReadingIfPresent() { return database }
        do {
            return try TidingsDatabase.inMemory()
        } catch {
            throw CLIError.store(error)
        }
    }

    /// Writes `message` on standard error when `--verbose` is on.
    public func narrate(_ message: @autoclosure () -> String) {
        if verbose { Terminal.note(program: program, message()) }
    }
}

/// The databases a run opened, closed when the program ends (`TidingsCommand.run()`): the last
/// connection to close copies what the WAL holds back into the file and empties it. Left to
/// the end of the process (a task still holding the database when it exits), that never
/// happens, and the next run, even an idle `deliver`, would have to do it.
enum OpenDatabases {
    private static let open = Mutex<[TidingsDatabase]>([])

    static func keep(_ database: TidingsDatabase) {
        open.withLock { $0.append(database) }
    }

    static func closeAll() {
        let databases = open.withLock { list in
            defer { list = [] }
            return list
        }
        for database in databases { database.closeConnection() }
    }
}
