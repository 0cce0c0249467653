import Foundation
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsDeliver
import TidingsTimers

/// The steps of `tidings init`, each said on standard output with ✓ or ✗ (`-` for what was
/// left alone, `!` for a warning); a failed step is also reported on standard error, and the
/// next step still runs.
struct Onboarding {
    /// The run's context, read again once the config file is written.
    private(set) var context: RunContext
    /// The flags the context is made from.
    let options: CommonOptions
    /// Whether to ask questions on the terminal.
    let interactive: Bool
    private var failed = false

    init(context: RunContext, options: CommonOptions, interactive: Bool) {
        self.context = context
        self.options = options
        self.interactive = interactive
    }

    static let introduction = """
        Tidings turns content feeds and calendars into short, timely notifications: a daily \
        update, meeting reminders, a weekly summary. prefetch fetches ahead of time, plan \
        schedules, deliver shows what is due (on the desktop, in the inbox, on a webhook), \
        even when the network is down. Timers start them; everything is kept in one database.

        """

    static let tips = """

        Tips for Linux:
          - Do-not-disturb: while your desktop's do-not-disturb is on (dunst, mako, SwayNC, GNOME or \
        KDE Plasma), deliver shows no popups and the inbox keeps the items (tidings inbox).
          - notify-send from cron: cron starts programs without your session's variables. tidings \
        init records them in session.env; after a new login run "tidings init --record-session" \
        (put it in your session's autostart), and tidings doctor says when the desktop cannot be reached.
          - systemd timers use Persistent=true: runs missed while the machine was off happen at boot, \
        and deliver sends what is still within delivery.grace, never a burst of stale items.
          - tidings doctor checks the whole install; tidings test sends another test notification.

        """

    /// Runs every step; returns whether one failed.
    mutating func run(dailyTime: WallTime?, timers: TimerKind?, prometheusFolder: String?, test: Bool) async throws(CLIError) -> Bool {
        try Terminal.output(Self.introduction + "\n")
        var setup = Setup(context: context, environment: Environment.current)

        // The config file and the daily time.
        var time = dailyTime
        if time == nil, interactive {
            time = ask("Daily update time (HH:MM)", default: context.config.daily.time.description) { WallTime($0) }
        }
        switch Result(catching: { () throws(WakeProblem) in try setup.writeConfig(dailyTime: time) }) {
        case .success(let done): try step(true, "config", done ?? "\(setup.configPath) left as it is")
        case .failure(let problem): try step(false, "config", problem.description)
        }
        let hasConfig = FileManager.default.fileExists(atPath: context.configPath)
        if hasConfig {
            // What follows (the desktop, the timers, the first run) reads the file just written.
            do {
                context = try RunContext(program: context.program, options: options, allowingMissingConfig: true)
                setup = Setup(context: context, environment: Environment.current)
            } catch {
                try step(false, "config", error.description)
            }
            try dailyStep(context.config.daily)
        } else {
            try note("daily update", "not set: there is no config file at \(context.configPath)")
        }

        // The desktop: is it reachable, and record the session for cron.
        let check = ChannelCheck(config: context.config, factory: ChannelFactory(context: context))
        let reports = await check.states()
        if let desktop = reports.first(where: { $0.name == .desktop }), desktop.enabled,
            case .noSession = desktop.state
        {
            // A machine without a desktop session (a server, a login over ssh with no user
            // bus) is a state: the desktop's items go to the inbox, their fallback.
            try note(
                "desktop",
                "no desktop session on this machine (\(DesktopChannel.noSessionReason)): its items go to the inbox; "
                    + "[channels] desktop = false stops trying, tidings init in a desktop session records one")
        } else if let desktop = reports.first(where: { $0.name == .desktop }), desktop.enabled {
            switch desktop.state {
            case .available: try step(true, "desktop", "notifications work" + (desktop.platformInfo.map { " (\($0))" } ?? ""))
            case .quiet(let reason): try step(true, "desktop", "reachable, but quiet: \(reason)")
            case .notDetermined: try step(true, "desktop", "not determined")
            case .unavailable(let reason, let fix), .noSession(let reason, let fix):
                try step(false, "desktop", "unavailable: \(reason); fix: \(fix)")
            }
            do {
                let (path, _) = try Tidings.Init.record(context)
                try step(true, "session", "recorded in \(path); refresh it at each login with: \(refreshLine())")
            } catch {
                try step(false, "session", error.description)
            }
        } else {
            try step(true, "desktop", "turned off in the config")
        }

        // The timers: what the flag or the answer says; without either, what is there stays.
        var kind = timers
        if kind == nil, interactive {
            let present = await setup.installedTimers()
            // The kind installed now, when it is one; else what this machine can run.
            let suggested: TimerKind =
                switch (present.cron, present.systemdUnits.isEmpty) {
                case (true, true): .cron
                case (false, false): .systemd
                default: setup.suggestedTimers
                }
            kind = ask("Install timers: cron, systemd or none", default: suggested.rawValue) { TimerKind(rawValue: $0) }
        }
        if let kind {
            let installed: Result<String, WakeProblem>
            do throws(WakeProblem) {
                installed = .success(try await setup.installTimers(kind, prometheusFolder: prometheusFolder))
            } catch {
                installed = .failure(error)
            }
            switch installed {
            case .success(let done): try step(true, "timers", done)
            case .failure(let problem): try step(false, "timers", problem.description)
            }
        } else {
            let present = await setup.installedTimers()
            let hint =
                !present.isEmpty ? " (--timers none removes them)" : present.crontabProblem == nil ? " (--timers cron|systemd installs them)" : ""
            var listen = ""
            if present.listen != setup.listens, !present.isEmpty {
                let kind = present.cron ? "cron" : "systemd"
                listen =
                    setup.listens
                    ? "; realtime_push is on but tidings listen is not installed: tidings init --timers \(kind) installs it"
                    : "; realtime_push is off but tidings listen is installed: tidings init --timers \(kind) removes it"
            }
            try note("timers", "left as they are: \(present.summary)\(hint)\(listen)")
        }

        // A first prefetch and plan, so that the next notifications are known now.
        if hasConfig {
            try report(await setup.firstRun(context: context, wakeUps: kind != TimerKind.none))
        } else {
            try note("first run", "skipped: there is no config file")
        }

        // The test notification.
        var sendTest = test
        if sendTest, interactive {
            sendTest = ask("Send a test notification now? (y/n)", default: "y") { ["y", "n"].contains($0) ? $0 : nil } == "y"
        }
        if sendTest { try await sendTestNotification(check) }
        try Terminal.output(Self.tips)
        return failed
    }

    private mutating func sendTestNotification(_ check: ChannelCheck) async throws(CLIError) {
        let database = try context.openDatabase()
        let reports: [ChannelReport]
        do {
            reports = try await check.sendTest(database: database, now: context.now, includeStdout: false)
        } catch {
            try step(false, "test notification", error.description)
            return
        }
        for report in reports {
            switch report.outcome {
            case .delivered?: try step(true, "test notification", "\(report.name): delivered")
            case .failed(let reason)?, .unavailable(let reason)?, .noSession(let reason)?, .transient(let reason, _)?, .notSent(let reason)?:
                try step(false, "test notification", "\(report.name): \(reason)")
            case nil: continue
            }
        }
    }

    /// Says whether and when the daily update comes.
    private mutating func dailyStep(_ daily: TidingsConfig.Daily) throws(CLIError) {
        guard daily.enabled else { return try note("daily update", daily.status) }
        try step(true, "daily update", "at \(daily.time) local time (\(context.zone.identifier))" + (daily.weekdaysOnly ? ", on weekdays" : ""))
    }

    /// Says what the first prefetch and plan did, then the next notifications.
    private mutating func report(_ run: FirstRun) throws(CLIError) {
        for (name, result) in [("prefetch", run.prefetch), ("plan", run.plan)] {
            switch result {
            case .done(let summary): try step(true, name, summary)
            case .warning(let problem):
                try Terminal.output("! \(name): \(problem)\n")
                Terminal.warning(program: "tidings init", "\(name): \(problem)")
            case .failed(let problem): try step(false, name, problem)
            }
        }
        let horizon = DurationText.format(context.config.plan.horizon)
        try Terminal.output(
            "next: " + (UpcomingText.line(run.upcoming, now: context.now, zone: context.zone) ?? "nothing planned in the next \(horizon)") + "\n")
    }

    /// Prints what was left alone or is off, neither done nor failed.
    private func note(_ name: String, _ detail: String) throws(CLIError) {
        try Terminal.output("- \(name): \(detail)\n")
    }

    /// Prints one step; a failed one also goes to standard error.
    private mutating func step(_ ok: Bool, _ name: String, _ detail: String) throws(CLIError) {
        try Terminal.output("\(ok ? "✓" : "✗") \(name): \(detail)\n")
        if !ok {
            failed = true
            Terminal.error(program: "tidings init", "\(name): \(detail)")
        }
    }

    /// Asks `question` until `parse` accepts the answer; an empty answer (or the end of
    /// input) takes `defaultAnswer`.
    private func ask<T>(_ question: String, default defaultAnswer: String, _ parse: (String) -> T?) -> T? {
        while true {
            Terminal.standardError("\(question) [\(defaultAnswer)]: ")
            guard let line = readLine() else { return parse(defaultAnswer) }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if let value = parse(answer.isEmpty ? defaultAnswer : answer) { return value }
            Terminal.standardError("not understood: \"\(line)\"\n")
        }
    }

    /// The command that refreshes the recorded session at login.
    private func refreshLine() -> String {
        let database = context.databasePath == context.places.defaultDatabase ? [] : ["--db", ProgramCommand.absolute(context.databaseForChildren)]
        return ShellWords.line([Places.programFolder + "/tidings", "init", "--record-session"] + database)
    }
}
