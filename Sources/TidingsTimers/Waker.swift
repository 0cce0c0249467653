import TidingsCore
import TidingsProcess

/// Arms one wake-up for the next due time, so that `deliver` runs when something is due
/// instead of every minute: a transient systemd user timer, else an `at` job, else nothing
/// (the every-minute deliver timer or crontab line sends it). Never throws: a wake-up that
/// cannot be armed only makes delivery wait for the minute timer.
public struct Waker: Sendable {
    /// The command the wake-up runs: the absolute path of `deliver` and its flags.
    public var deliverCommand: [String]
    /// The file an `at` job appends deliver's output to (as the crontab line does), instead
    /// of atd mailing it; nil leaves it to atd.
    public var logFile: String?
    /// Runs systemd-run, systemctl and at.
    public var processes: BoundedProcess
    /// The zone `at` reads its time in.
    public var zone: Zone

    /// A waker running `deliverCommand`, an `at` job logging to `logFile`.
    public init(deliverCommand: [String], logFile: String? = nil, processes: BoundedProcess, zone: Zone) {
        self.deliverCommand = deliverCommand
        self.logFile = logFile
        self.processes = processes
        self.zone = zone
    }

    /// What arming did: the new state and one line per mechanism that failed.
    public struct Result: Sendable {
        /// A result.
        public init(state: WakeState, problems: [String]) {
            self.state = state
            self.problems = problems
        }

        /// The state to record.
        public var state: WakeState
        /// Why the better mechanisms were not used.
        public var problems: [String]
    }

    /// The command as recorded in the state: deliver's line, after the zone it gets.
    public var recordedCommand: String {
        let tz = processes.environment["TZ"].flatMap { $0.isEmpty ? nil : "TZ=\(ShellWords.quoted($0)) " } ?? ""
        return tz + ShellWords.line(deliverCommand)
    }

    /// Arms a wake-up for `due` (nil: nothing is due, so nothing is armed) seen at `now`,
    /// replacing the one `previous` recorded; one already armed for the same instant and
    /// command is left as it is. With `exact` false, nothing is armed.
    public func arm(due: EpochMillis?, now: EpochMillis, previous: WakeState?, exact: Bool) async -> Result {
        guard exact else {
            await disarm(previous)
            return Result(state: WakeState(mechanism: .minute, note: "wake = \"minute\""), problems: [])
        }
        guard let due else {
            await disarm(previous)
            // Nothing due: the mechanism that worked (or failed) last stays, with nothing armed.
            if let previous, previous.mechanism == .systemd || previous.mechanism == .at || previous.exactFailed {
                return Result(state: WakeState(mechanism: previous.mechanism, note: previous.note), problems: [])
            }
            return Result(state: WakeState(mechanism: .unarmed), problems: [])
        }
        let time = WakeTime(due: due, now: now)
        let command = recordedCommand
        if let previous, previous.mechanism == .systemd || previous.mechanism == .at,
            previous.armedAt == time.instant, previous.command == command
        {
            return Result(state: previous, problems: [])
        }
        await disarm(previous)
        var problems: [String] = []
        let unit = time.unitName(for: command)
        let systemd = await processes.run("systemd-run", systemdArguments(time, unit: unit))
        if systemd.succeeded || Self.alreadyArmed(systemd, unit: unit) {
            return Result(state: WakeState(mechanism: .systemd, armedAt: time.instant, handle: unit, command: command), problems: [])
        }
        problems.append("systemd-run: \(systemd.problem ?? "failed")")
        let job = await processes.run("at", ["-t", time.atTime(in: zone)], input: atJob)
        if job.succeeded {
            return Result(
                state: WakeState(mechanism: .at, armedAt: time.instant, handle: Self.jobNumber(job), note: problems.first, command: command),
                problems: problems)
        }
        problems.append("at: \(job.problem ?? "failed")")
        return Result(state: WakeState(mechanism: .minute, note: problems.joined(separator: "; ")), problems: problems)
    }

    /// The script an `at` job runs: deliver, its output appended to the log file.
    public var atJob: String {
        ShellWords.line(deliverCommand) + (logFile.map { " >>\(ShellWords.quoted($0)) 2>&1" } ?? "") + "\n"
    }

    /// Whether systemd-run failed only because `unit` exists already: a run at the same
    /// moment (plan and deliver) armed the same command for the same instant.
    static func alreadyArmed(_ outcome: ProcessOutcome, unit: String) -> Bool {
        guard case .finished(_, let output, let error) = outcome else { return false }
        let said = error + output
        return said.contains(unit) && (said.contains("already exists") || said.contains("already loaded"))
    }

    /// systemd-run's arguments for a wake-up at `time`.
    public func systemdArguments(_ time: WakeTime, unit: String) -> [String] {
        var arguments = [
            "--user", "--unit=\(unit)", "--description=Tidings: deliver what is due",
            "--on-calendar=\(time.calendarSpec)", "--timer-property=AccuracySec=1s",
            // A desktop popup's waiter records the tap later: it must outlive deliver.
            "--property=KillMode=process", "--collect",
        ]
        // The user manager has its own environment: give deliver the zone this run has.
        if let tz = processes.environment["TZ"], !tz.isEmpty { arguments.append("--setenv=TZ=\(tz)") }
        return arguments + deliverCommand
    }

    /// Removes the wake-up `state` armed, if it is still there (a missing one is fine).
    public func disarm(_ state: WakeState?) async {
        guard let state, let handle = state.handle else { return }
        switch state.mechanism {
        case .systemd: _ = await processes.run("systemctl", ["--user", "stop", handle + ".timer"])
        case .at: _ = await processes.run("atrm", [handle])
        case .minute, .unarmed: break
        }
    }

    /// The job number in at's answer (`job 12 at Sun Nov 22 07:30:00 2026`, on stderr).
    static func jobNumber(_ outcome: ProcessOutcome) -> String? {
        guard case .finished(_, let output, let error) = outcome else { return nil }
        for line in (error + "\n" + output).split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 2, words[0] == "job", words[1].allSatisfy(\.isNumber) { return String(words[1]) }
        }
        return nil
    }
}

/// Command lines for a POSIX shell (at jobs, crontab lines).
public enum ShellWords {
    /// `word` quoted for the shell when it needs it.
    public static func quoted(_ word: String) -> String {
        !word.isEmpty && word.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+:=@,".contains($0) })
            ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `words` as one shell command line.
    public static func line(_ words: [String]) -> String { words.map(quoted).joined(separator: " ") }
}
