import Foundation
import TidingsCore
import TidingsProcess
import TidingsStore

/// What starts the pipeline, as `tidings init --timers` names it.
public enum TimerKind: String, Sendable, CaseIterable {
    /// The Tidings block in the user's crontab.
    case cron
    /// systemd user units.
    case systemd
    /// Nothing is installed.
    case none
}

/// The install steps of `tidings init`: the config file and the timers.
public struct Setup: Sendable {
    /// The config file init writes.
    public let configPath: String
    /// The database the programs are to use.
    public let databasePath: String
    /// Where this machine keeps its own files of the store (the database file, or the
    /// stem of a store on PostgreSQL): the logs, the wake-up.
    public let localStem: String
    /// The folder of the programs the timers start.
    public let programFolder: String
    /// Whether exact wake-ups may be armed (`delivery.wake` is not `minute`): the systemd
    /// deliver timer is then only a safety net.
    public let exactWakeUps: Bool
    /// `$XDG_CONFIG_HOME`, whose `systemd/user` folder takes the units.
    public let configHome: String
    /// The path of a bundled file (`tidings.toml`, `systemd/tidings-deliver.timer`), nil
    /// when none is installed.
    public let sharedFile: @Sendable (String) -> String?
    /// Where bundled files are looked for, for messages (`$TIDINGS_SHARE (not set), /a/share/tidings, …`).
    public let sharedFolders: String
    /// Runs crontab and systemctl.
    public let processes: BoundedProcess
    /// Whether `tidings listen` is to run (`features.realtime_push` on with a `[realtime]`
    /// stream): the timers then come with the listen service or `@reboot` line.
    public var listens = false

    /// Setup writing `configPath`, timers starting the programs in `programFolder` on
    /// `databasePath`, outside programs run in `environment`.
    public init(
        configPath: String, databasePath: String, localStem: String? = nil, programFolder: String, exactWakeUps: Bool, configHome: String,
        sharedFile: @escaping @Sendable (String) -> String?, sharedFolders: String, environment: [String: String]
    ) {
        self.configPath = configPath
        self.databasePath = databasePath
        self.localStem = localStem ?? databasePath
        self.programFolder = programFolder
        self.exactWakeUps = exactWakeUps
        self.configHome = configHome
        self.sharedFile = sharedFile
        self.sharedFolders = sharedFolders
        processes = BoundedProcess(environment: environment)
    }

    /// The timers to suggest: systemd when a user manager is reachable, else cron when
    /// `crontab` is installed, else none.
    public var suggestedTimers: TimerKind {
        if WakeUp.userManagerReachable(processes.environment) { return .systemd }
        return processes.locate("crontab") != nil ? .cron : TimerKind.none
    }

    /// Creates the config file from the bundled template when it is missing and sets
    /// `daily.time` to `dailyTime` when given; returns what it did (nil: nothing to do).
    public func writeConfig(dailyTime: WallTime?) throws(WakeProblem) -> String? {
        let path = configPath
        let exists = FileManager.default.fileExists(atPath: path)
        var text = ""
        if exists {
            guard let data = FileManager.default.contents(atPath: path) else { throw WakeProblem("cannot read \(path)") }
            text = String(decoding: data, as: UTF8.self)
        } else {
            guard let template = sharedFile("tidings.toml"), let data = FileManager.default.contents(atPath: template) else {
                throw WakeProblem(
                    "cannot find the config template tidings.toml (looked in \(sharedFolders)): "
                        + "set TIDINGS_SHARE to the folder that holds it, or install it in one of those; nothing written")
            }
            text = String(decoding: data, as: UTF8.self)
            // The template names the sample content beside it; the new file is elsewhere.
            if let sample = sharedFile("sample-content.json").map(SourceURL.fileURL(path:)) {
                text = text.replacingOccurrences(of: "url = \"file:sample-content.json\"", with: "url = \"\(sample)\"")
            }
        }
        let updated = dailyTime.map { ConfigText.settingDailyTime($0, in: text) } ?? text
        if exists && updated == text { return nil }
        let folder = ((path as NSString).standardizingPath as NSString).deletingLastPathComponent
        do {
            let parsed = try TidingsConfig.parse(
                toml: updated, file: path, directory: folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder)
            if let dailyTime, parsed.daily.time != dailyTime { throw WakeProblem("cannot set daily.time in \(path): edit it by hand") }
        } catch let error as ConfigError {
            throw WakeProblem("the edited config would not be valid (\(error)); edit \(path) by hand")
        } catch let problem as WakeProblem {
            throw problem
        } catch {
            throw WakeProblem("\(error)")
        }
        do {
            if !folder.isEmpty { try PrivateFolder.create(folder) }
            // A config may hold webhook secrets: a new one is readable by its owner alone.
            try AtomicFile.write(updated, to: path, newFileMode: 0o600)
        } catch {
            throw WakeProblem("cannot write \(path): \(error)")
        }
        let time = dailyTime.map { " with daily.time = \"\($0)\"" } ?? ""
        return exists ? "set daily.time = \"\(dailyTime?.description ?? "")\" in \(path)" : "created \(path) from the template\(time)"
    }

    /// What of the timers is installed now.
    public func installedTimers() async -> InstalledTimers {
        await InstalledTimers.detect(processes: processes, configHome: configHome)
    }

    /// Installs `kind` and says what it did; `none` removes what an earlier install put in
    /// place, the crontab block and the systemd units. With `prometheusFolder`, the hourly report writes
    /// its Prometheus textfile there (`tidings.prom`, for node_exporter's textfile collector)
    /// instead of beside the database; the folder must exist and be writable. Without it, a
    /// folder chosen at an earlier install is kept.
    public func installTimers(_ kind: TimerKind, prometheusFolder: String? = nil) async throws(WakeProblem) -> String {
        let chosenFile = try prometheusFolder.map { folder throws(WakeProblem) in try Self.textfile(in: folder) }
        let installer = TimerInstaller(processes: processes)
        var commands = ProgramCommand.forTimers(folder: programFolder, database: databasePath, config: configPath)
        // cron and the user manager start the programs without this terminal's zone and locale.
        commands.environment = ProgramCommand.localeAssignments(processes.environment)
        switch kind {
        case .none:
            return try await removeTimers()
        case .cron:
            let current = try await installer.crontab()
            let textfile = Self.prometheusFile(chosen: chosenFile, remembered: CrontabBlock.prometheusFolder(in: current))
            let database = ProgramCommand.absolute(localStem)
            let block = CrontabBlock.render(
                commands, logFolder: (database as NSString).deletingLastPathComponent, prometheusFile: textfile.file, listen: listens)
            let (change, stray) = try await installer.installCron(block: block, into: current)
            var text = change == .unchanged ? "crontab lines already installed" : "crontab lines installed (crontab -l shows them)"
            let listened = CrontabBlock.startsListen(current)
            if listens {
                text +=
                    listened
                    ? ", with tidings listen at boot"
                    : ", with tidings listen at boot (@reboot: until the next boot, start it by hand: tidings listen &)"
            } else if listened {
                text += "; the @reboot line of tidings listen is removed (realtime_push is off): a running tidings listen stops at the next boot"
            }
            text += textfile.note
            if !stray.isEmpty { text += "; other crontab lines also run deliver, remove them: \(stray.joined(separator: " | "))" }
            return text
        case .systemd:
            let folder = configHome + "/systemd/user"
            let installed = FileManager.default.contents(atPath: folder + "/tidings-report.service").map { String(decoding: $0, as: UTF8.self) }
            let textfile = Self.prometheusFile(chosen: chosenFile, remembered: installed.flatMap { PrometheusFolder.remembered(in: $0) })
            var units: [(name: String, text: String)] = []
            for name in SystemdUnits.names + (listens ? [SystemdUnits.listen] : []) {
                guard let file = sharedFile("systemd/" + name), let data = FileManager.default.contents(atPath: file) else {
                    throw WakeProblem(
                        "cannot find the unit file systemd/\(name) (looked in \(sharedFolders)): set TIDINGS_SHARE to the folder that holds systemd/; nothing installed"
                    )
                }
                let rendered = SystemdUnits.render(
                    String(decoding: data, as: UTF8.self), commands: commands, exactWakeUps: exactWakeUps, prometheusFile: textfile.file)
                units.append((name, rendered))
            }
            let change = try await installer.installSystemd(units: units, folder: folder)
            var text =
                change == .unchanged
                ? "systemd user timers already installed in \(folder)" : "systemd user units written to \(folder), timers enabled and started"
            if listens {
                text += change == .unchanged ? ", with the listen service" : ", with the listen service (\(SystemdUnits.listen))"
            } else if FileManager.default.fileExists(atPath: folder + "/" + SystemdUnits.listen) {
                let problem = try await installer.removeListen(folder: folder)
                text += "; the listen service is stopped and removed (realtime_push is off)" + (problem.map { " (\($0))" } ?? "")
            }
            return text + textfile.note
        }
    }

    /// Removes the crontab block and the systemd user units an earlier init installed, and
    /// the exact wake-up plan armed (a deliver it starts would arm the next one, and so on),
    /// and says what it removed and that none is installed now.
    public func removeTimers() async throws(WakeProblem) -> String {
        let installed = await installedTimers()
        if let problem = installed.crontabProblem { throw WakeProblem("\(problem); nothing removed") }
        let installer = TimerInstaller(processes: processes)
        var removed: [String] = []
        var note = ""
        if installed.cron, try await installer.removeCron(from: try await installer.crontab()) {
            removed.append("the crontab lines")
        }
        if !installed.systemdUnits.isEmpty {
            if let problem = try await installer.removeSystemd(names: installed.systemdUnits, folder: installed.systemdFolder) {
                note = " (\(problem); with the files gone they do not start again)"
            }
            removed.append("the systemd user units from \(installed.systemdFolder)\(note)")
        }
        if let wake = await disarmWakeUp(), let handle = wake.handle {
            removed.append(wake.mechanism == .at ? "the wake-up at job \(handle)" : "the wake-up timer \(handle).timer")
        }
        let none = "none installed now (tidings init --timers cron|systemd installs them)"
        return removed.isEmpty ? none : "removed \(removed.joined(separator: " and ")); " + none
    }

    /// Stops the exact wake-up armed for the database and forgets it; what was armed, if anything.
    @discardableResult
    public func disarmWakeUp() async -> WakeState? {
        let wake = await WakeUp.disarm(databasePath: localStem, environment: processes.environment)
        unlink(WakeState.path(forDatabase: localStem))
        return wake
    }

    /// The textfile the report writes: `chosen` (the file in the folder given now, checked
    /// already), else in the folder the installed timers remember while it is still one this
    /// user can write to, else nil (beside the database); and what to say about a remembered folder.
    static func prometheusFile(chosen: String?, remembered: String?) -> (file: String?, note: String) {
        if let chosen { return (chosen, "") }
        guard let remembered else { return (nil, "") }
        guard let file = try? textfile(in: remembered) else {
            return (
                nil,
                "; the Prometheus folder \(remembered) of the installed timers is gone or not writable: the textfile is beside the database again"
            )
        }
        return (file, "; the Prometheus textfile stays in \(remembered) (--prometheus-dir chooses another)")
    }

    /// `folder/tidings.prom`, `folder` made absolute; refused when `folder` is not a folder
    /// this user can write to (the report would fail every hour).
    static func textfile(in folder: String) throws(WakeProblem) -> String {
        let absolute = ProgramCommand.absolute(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue else {
            throw WakeProblem(
                "--prometheus-dir \(absolute): no such folder; create one you own that node_exporter can read "
                    + "(sudo install -d -o $USER -m 0755 \(absolute)); nothing installed")
        }
        guard access(absolute, W_OK | X_OK) == 0 else {
            throw WakeProblem("--prometheus-dir \(absolute): you cannot write there; make it yours (sudo chown $USER \(absolute)); nothing installed")
        }
        return absolute + "/tidings.prom"
    }
}
