import TidingsCore

/// Arms one wake-up for the next due time, so that `deliver` runs when something is due
/// instead of every minute: a transient systemd user timer, else an `at` job, else nothing
/// (the every-minute deliver timer or crontab line sends it). Never throws: a wake-up that
/// cannot be armed only makes delivery wait for the minute timer.
public struct Waker: Sendable {
    /// The command the wake-up runs: the absolute path of `deliver` and its flags.
    public var deliverCommand: [String]
    /// Runs systemd-run, systemctl and at.
    public var processes: BoundedProcess
    /// The zone `at` reads its time in.
    public var zone: Zone

    /// A waker running `deliverCommand`.
    public init(deliverCommand: [String], processes: BoundedProcess, zone: Zone) {
        self.deliverCommand = deliverCommand
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

    /// Arms a wake-up for `due` (nil: nothing is due, so nothing is armed) seen at `now`,
    /// replacing the one `previous` recorded. With `exact` false, nothing is armed.
    public func arm(due: EpochMillis?, now: EpochMillis, previous: WakeState?, exact: Bool) async -> Result {
        await disarm(previous)
        guard exact else { return Result(state: WakeState(mechanism: .minute, note: "wake = \"minute\""), problems: []) }
        guard let due else {
            // Nothing due: the mechanism that worked last stays, with nothing armed.
            return Result(state: WakeState(mechanism: previous?.mechanism ?? .minute, note: previous?.note ?? "nothing due yet"), problems: [])
        }
        let time = WakeTime(due: due, now: now)
        var problems: [String] = []
        let systemd = await processes.run("systemd-run", systemdArguments(time))
        if systemd.succeeded {
            return Result(state: WakeState(mechanism: .systemd, armedAt: time.instant, handle: time.unitName), problems: [])
        }
        problems.append("systemd-run: \(systemd.problem ?? "failed")")
        let job = await processes.run("at", ["-t", time.atTime(in: zone)], input: ShellWords.line(deliverCommand) + "\n")
        if job.succeeded {
            return Result(state: WakeState(mechanism: .at, armedAt: time.instant, handle: Self.jobNumber(job), note: problems.first), problems: problems)
        }
        problems.append("at: \(job.problem ?? "failed")")
        return Result(state: WakeState(mechanism: .minute, note: problems.joined(separator: "; ")), problems: problems)
    }

    /// systemd-run's arguments for a wake-up at `time`.
    public func systemdArguments(_ time: WakeTime) -> [String] {
        var arguments = [
            "--user", "--unit=\(time.unitName)", "--description=Tidings: deliver what is due",
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
        case .minute: break
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
