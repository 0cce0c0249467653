import Foundation
import TidingsCore
import TidingsDeliver
import TidingsStore

/// One line of `tidings doctor`: a check, whether it passed, what was found and the fix.
public struct Finding: Sendable, Equatable {
    /// What was checked (`config`, `database`, `channel desktop`).
    public var check: String
    /// Whether all is well.
    public var ok: Bool
    /// What was found.
    public var detail: String
    /// The one-line fix, when not ok.
    public var fix: String?

    /// A finding.
    public init(check: String, ok: Bool, detail: String, fix: String? = nil) {
        self.check = check
        self.ok = ok
        self.detail = detail
        self.fix = fix
    }
}

/// Everything `tidings doctor` checks, in order.
public struct Diagnosis {
    /// The config in force.
    public let config: TidingsConfig
    /// Where it came from: a path, or "built-in defaults".
    public let configOrigin: String
    /// The error of the config file when the checks use another config (its last good
    /// version, or the built-in defaults), and the fix, which says what the programs do
    /// meanwhile; nil when the file loaded.
    public let configError: (error: ConfigError, fix: String)?
    /// The database; nil when there is none at `databasePath` (doctor creates none).
    public let database: TidingsDatabase?
    /// The database file, there or not.
    public let databasePath: String
    /// What to do when there is no database (`run prefetch and plan first, or check --db`).
    public let missingDatabaseFix: String
    /// Why the database at `databasePath` could not be opened, when it is there but could
    /// not be read (an older schema, which the doctor does not migrate); nil otherwise.
    public let databaseError: StoreError?
    /// The channels to ask for their state.
    public let channels: ChannelCheck
    /// The clock.
    public let now: EpochMillis
    /// The zone times are shown in.
    public let zone: Zone
    /// The environment secrets (the LLM's API key) and the locale are read from.
    public let environment: [String: String]
    /// Where prefetch keeps images; nil when unknown.
    public let mediaFolder: String?
    /// Where CalDAV sources keep what they learned (see `CalDAVStateFolder`); nil when unknown.
    public var caldavFolder: String?

    /// A diagnosis of one install. Without a `database`, the database check fails, naming
    /// `databasePath` (which must then be given) with `missingDatabaseFix`, and the checks
    /// that read it find nothing recorded.
    public init(
        config: TidingsConfig, configOrigin: String, configError: (error: ConfigError, fix: String)? = nil,
        database: TidingsDatabase?, databasePath: String? = nil,
        missingDatabaseFix: String = "run prefetch and plan first, or check --db", databaseError: StoreError? = nil,
        channels: ChannelCheck, now: EpochMillis, zone: Zone, environment: [String: String] = [:], mediaFolder: String? = nil
    ) {
        self.config = config
        self.configOrigin = configOrigin
        self.configError = configError
        self.database = database
        self.databasePath = databasePath ?? database?.path ?? ""
        self.missingDatabaseFix = missingDatabaseFix
        self.databaseError = databaseError
        self.channels = channels
        self.now = now
        self.zone = zone
        self.environment = environment
        self.mediaFolder = mediaFolder
    }

    /// Runs every check.
    public func run(scheduling: SchedulingState) async -> [Finding] {
        var findings = [configFinding()]
        findings.append(
            Finding(
                check: "clock", ok: true, detail: "\(ISOTime.format(now, in: zone)) in \(zone.identifier)"))
        findings.append(databaseFinding())
        findings += stageFindings()
        findings += sourceFindings()
        findings += calendarFindings()
        findings += meetingServiceFindings()
        findings.append(contentFinding())
        if let cap = capFinding() { findings.append(cap) }
        if let handOver = handOverFinding() { findings.append(handOver) }
        if let language = languageFinding() { findings.append(language) }
        if let llm = llmFinding() { findings.append(llm) }
        if let media = mediaFinding() { findings.append(media) }
        let reports = await channels.states()
        let inbox = reports.contains { $0.name == .inbox && $0.enabled && $0.state == .available }
        for report in reports {
            findings.append(Self.finding(for: report, inboxTakesOver: inbox))
        }
        findings.append(scheduling.finding)
        if config.features.realtimePush, config.realtime != nil {
            findings.append(
                scheduling.listen
                    ? Finding(check: "listen", ok: true, detail: "realtime_push is on and tidings listen is installed")
                    : Finding(
                        check: "listen", ok: false, detail: "realtime_push is on but nothing starts tidings listen",
                        fix: "run tidings init --timers cron|systemd again: it installs the listen service or @reboot line"))
        }
        findings.append(wakeFinding(scheduling: scheduling))
        return findings
    }

    /// ✓ with the file, or ✗ with the error (file, line, key) and what the programs do
    /// meanwhile; the other checks are made either way.
    private func configFinding() -> Finding {
        guard let (error, fix) = configError else { return Finding(check: "config", ok: true, detail: "\(configOrigin): valid") }
        return Finding(check: "config", ok: false, detail: error.description, fix: fix)
    }

    private func databaseFinding() -> Finding {
        guard let database else {
            if let databaseError {
                return Finding(
                    check: "database", ok: false, detail: databaseError.description,
                    fix: databaseError.isOlderSchema
                        ? "run plan or deliver once: they bring it up to date" : "check the file's permissions and the disk")
            }
            return Finding(check: "database", ok: false, detail: "no database at \(databasePath)", fix: missingDatabaseFix)
        }
        if database.isPostgreSQL {
            do {
                return Finding(check: "database", ok: true, detail: "\(database.path): \(try database.serverDescription()), schema current")
            } catch {
                return Finding(check: "database", ok: false, detail: error.description, fix: "check that the server runs and takes connections")
            }
        }
        do {
            let result = try database.integrityCheck()
            guard result == "ok" else {
                return Finding(
                    check: "database", ok: false, detail: "\(database.path): \(result)",
                    fix: "restore a copy made by tidings backup, or move the file away to start afresh")
            }
            guard database.isWritable else {
                return Finding(
                    check: "database", ok: false, detail: "\(database.path): intact, but not writable", fix: "check the file's permissions")
            }
            // Below the room the reserve file needs to come back, the next full disk costs history.
            guard let space = DiskSpace(of: Self.folder(of: database.path)) else {
                return Finding(check: "database", ok: true, detail: "\(database.path): writable, intact")
            }
            let low = space.available < 8 << 20
            let reserve = database.reserveFileSize()
            let reserveText = reserve.map { "; \(SizeText.approximate($0)) reserve" } ?? "; no reserve file"
            return Finding(
                check: "database", ok: !low && reserve != nil,
                detail: "\(database.path): writable, intact; \(space.availableText) free on \(space.mountPoint)\(reserveText)",
                fix: low
                    ? "free space on \(space.mountPoint): when the disk is full, Tidings deletes its oldest history to go on"
                    : reserve == nil
                        ? "the next prefetch, plan or deliver makes \(database.reservePath ?? "the reserve file") when there is room: it is what a full disk gives up first"
                        : nil)
        } catch {
            return Finding(check: "database", ok: false, detail: error.description, fix: "check the file's permissions and the disk")
        }
    }

    /// The folder holding the file at `path`, absolute: a bare name (`--db x.sqlite`) is in
    /// the working folder.
    static func folder(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return ((absolute as NSString).standardizingPath as NSString).deletingLastPathComponent
    }

    private func stageFindings() -> [Finding] {
        Stage.allCases.map { stage in
            let check = "last \(stage.rawValue)"
            // deliver's idle runs log nothing; its heartbeat file says when the last one ran.
            let beat = database?.heartbeat(of: stage)
            let idle = beat.map { "; last run with nothing due \(ISOTime.format($0, in: zone))" } ?? ""
            guard let run = try? database?.recentStageRuns(limit: 1, stage: stage).first else {
                let needed = stage == .prefetch || stage == .plan
                return Finding(
                    check: check, ok: !needed, detail: "no run recorded" + idle,
                    fix: needed ? "run \(stage.rawValue), or install crontab.example / the systemd timers" : nil)
            }
            let when = ISOTime.format(run.startedAt, in: zone)
            let ok = run.outcome != .failed
            let later = beat.map { $0 > run.startedAt } == true ? idle : ""
            return Finding(
                check: check, ok: ok, detail: "\(when) \(run.outcome): \(run.summary)\(later)",
                fix: ok ? nil : "see tidings log --stage \(stage.rawValue)")
        }
    }

    private func contentFinding() -> Finding {
        // Calendars and remote schedules are sources too, but not of content.
        let hasContentSources = config.sources.contains { $0.type == .content }
        let newest = (try? database?.cachedContent())?.map(\.fetchTime).max()
        guard let newest else {
            let none =
                config.daily.enabled
                ? "no content source: the daily update sends emergency lines"
                : config.daily.offWithoutContent
                    ? "no content source: the daily update is off (set [daily] enabled = true to get one)" : "no content source"
            return Finding(
                check: "content", ok: !hasContentSources, detail: hasContentSources ? "nothing cached" : none,
                fix: hasContentSources ? "run prefetch; see tidings log --stage prefetch for failures" : nil)
        }
        let age = now - newest
        let fresh = age <= config.fallback.staleAfter
        return Finding(
            check: "content", ok: fresh, detail: "newest fetched \(AgeLabel.text(ageMillis: age).replacingPrefix())",
            fix: fresh ? nil : "sources are failing: see tidings log --stage prefetch")
    }

    /// One ✗ line per source of the config whose last attempt failed, naming it with the
    /// last reason and since when it fails.
    private func sourceFindings() -> [Finding] {
        let names = Set(config.sources.map(\.name))
        let failures = (try? database?.failingSources(among: names)) ?? []
        return failures.map { failure in
            Finding(
                check: "source \(failure.source)", ok: false, detail: failure.detail(in: zone),
                fix: "check the source's URL and server; tidings log --stage prefetch shows each run")
        }
    }

    /// One line per cached calendar of the config: its events, its age and its interval, and
    /// the events that came without a UID (planned, under ids derived from their content).
    private func calendarFindings() -> [Finding] {
        let sources = Dictionary(config.sources.filter { $0.type.isCalendar }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let calendars = ((try? database?.calendarSummaries()) ?? []).filter { sources[$0.source] != nil }
        return calendars.map { calendar in
            let every = sources[calendar.source].map { DurationText.format($0.every) } ?? "?"
            var detail =
                "\(calendar.eventCount) event\(calendar.eventCount == 1 ? "" : "s"), fetched "
                + AgeLabel.text(ageMillis: max(0, now - calendar.fetchTime)).replacingPrefix() + ", every \(every)"
            if calendar.withoutUID > 0 { detail += "; " + CalendarNote.withoutUID(calendar.withoutUID) }
            return [Finding(check: "calendar \(calendar.source)", ok: true, detail: detail)]
                + (sources[calendar.source].map(caldavFindings) ?? [])
        }.flatMap { $0 }
    }

    /// One line per calendar a CalDAV source found on its server at its last fetch: its
    /// name, its events and when it was last synced.
    private func caldavFindings(_ source: TidingsConfig.Source) -> [Finding] {
        guard source.type == .caldav, let caldavFolder, let state = CalDAVStateFolder(folder: caldavFolder).syncState(of: source.name),
            state.sourceURL == source.url
        else { return [] }
        return state.calendars.map { calendar in
            let synced = AgeLabel.text(ageMillis: max(0, now - calendar.syncedAt)).replacingPrefix()
            let sync = calendar.syncToken == nil ? ", read in full at each poll (the server offers no sync token)" : ""
            return Finding(
                check: "  \(source.name) › \(calendar.name)", ok: true,
                detail: "\(calendar.eventCount) event\(calendar.eventCount == 1 ? "" : "s"), synced \(synced)\(sync): \(calendar.url)")
        }
    }

    /// A channel's line. A machine with no desktop session at all is a state, not a fault,
    /// when the inbox takes what is routed to the desktop (`inboxTakesOver`): ✓ saying so.
    static func finding(for report: ChannelReport, inboxTakesOver: Bool = false) -> Finding {
        let check = "channel \(report.name)"
        guard report.enabled else { return Finding(check: check, ok: true, detail: "turned off") }
        if report.name == .desktop, inboxTakesOver, case .noSession = report.state {
            return Finding(
                check: check, ok: true,
                detail:
                    "no desktop session on this machine: what is routed to the desktop goes to the inbox (a desktop whose timers lack its bus: set DBUS_SESSION_BUS_ADDRESS in the crontab)"
            )
        }
        let info = report.platformInfo.map { " \($0)" } ?? ""
        switch report.state {
        case .available:
            let note = report.note.map { " (\($0))" } ?? ""
            return Finding(check: check, ok: true, detail: "available" + note + (report.name == .desktop ? info : ""))
        case .quiet(let reason): return Finding(check: check, ok: true, detail: "quiet: \(reason)")
        case .notDetermined: return Finding(check: check, ok: true, detail: "not determined")
        case .unavailable(let reason, let fix), .noSession(let reason, let fix):
            return Finding(check: check, ok: false, detail: "unavailable: \(reason)", fix: fix)
        }
    }
}

extension String {
    /// "as of 3h ago" → "3h ago"; "from 2 days ago" → "2 days ago".
    fileprivate func replacingPrefix() -> String {
        for prefix in ["as of ", "from "] where hasPrefix(prefix) { return String(dropFirst(prefix.count)) }
        return self
    }
}
