import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsProcess
import TidingsStore
import TidingsTimers

// `tidings init`'s first run, which reads the run's clock and database.

extension Setup {
    /// How long the first prefetch may take: sources time out after 30 seconds by default,
    /// and what is not fetched now, the timers fetch.
    static let firstRunLimit: Duration = .seconds(120)
    /// How long the first plan may take.
    static let firstPlanLimit: Duration = .seconds(60)

    /// Runs the pipeline's first `prefetch` and `plan` for the run of `context`, the programs
    /// beside this one with the flags the timers give them, and reads back the next notifications. A fetch that fails
    /// is a warning: plan falls back, and the timers fetch again. Without `wakeUps` (no timers
    /// are to run), the exact wake-up the plan arms is stopped again: it would start deliver,
    /// which arms the next.
    func firstRun(context: RunContext, wakeUps: Bool = true) async -> FirstRun {
        let commands = ProgramCommand(context: context)
        var clock: [String] = []
        if context.clockIsFixed { clock = ["--now", ISOTime.format(context.now, in: context.zone)] }
        let fetched = await problem(running: commands.command("prefetch") + clock, limit: Self.firstRunLimit)
        let planned = await problem(running: commands.command("plan") + clock, limit: Self.firstPlanLimit)
        if !wakeUps { await disarmWakeUp() }
        // What they did, as they logged it; the database is there once either ran.
        let database = try? context.openDatabaseForReadingIfPresent()
        func summary(of stage: Stage) -> String {
            guard let runs = try? database?.recentStageRuns(limit: 1, stage: stage) else { return "done" }
            return runs.first?.summary ?? "done"
        }
        var prefetch = FirstRun.Result.done(summary(of: .prefetch))
        if let fetched {
            prefetch = .warning("\(fetched); the timers fetch again")
        } else if let failures = try? database?.failingSources(among: Set(context.config.sources.map(\.name))), !failures.isEmpty {
            let named = failures.map { $0.summary(in: context.zone, reasonLimit: 120) }.joined(separator: "; ")
            prefetch = .warning("\(summary(of: .prefetch)): \(named); the timers fetch again (tidings log --stage prefetch)")
        }
        let plan = planned.map { FirstRun.Result.failed($0) } ?? .done(summary(of: .plan))
        let pending = (try? database?.pendingList(cancelled: false, now: context.now, limit: 10)) ?? []
        let upcoming = pending.filter { $0.state == .pending }.prefix(3)
        return FirstRun(prefetch: prefetch, plan: plan, upcoming: Array(upcoming))
    }

    /// Runs `command` (a program and its arguments) in this environment; nil when it exited
    /// 0, else how it ended, with the last line it wrote on standard error.
    private func problem(running command: [String], limit: Duration) async -> String? {
        guard let path = command.first else { return "no program" }
        let outcome = await BoundedProcess.run(path, Array(command.dropFirst()), input: "", environment: processes.environment, limit: limit)
        return outcome.problem.map { "\(path): \($0)" }
    }
}
