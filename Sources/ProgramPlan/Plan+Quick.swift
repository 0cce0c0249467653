import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsPlan
import TidingsStore

extension Plan {
    /// Runs `plan` from the command line. `plan --if-changed` as the timers start it (besides
    /// the flag, only `--db` and `--config`) first asks whether anything it reads changed,
    /// before the argument parser (see `QuickStart`); with nothing changed it ends there, as
    /// the parsed run would. Anything else, a change included, is the parsed run's.
    public static func commandLineRun() -> Int32? {
        main(
            timersFlag: "--if-changed", watched: stage,
            isIdle: { context, database in
                try PlanTrigger.reason(
                    database: database, fingerprint: fingerprint(context, horizon: context.config.plan.horizon), now: context.now,
                    zone: context.zone) == nil
            },
            end: { context, database in try context.keepConfig(in: database) })
    }

    /// The fingerprint of what a plan of `context` over `horizon` reads besides the cache.
    static func fingerprint(_ context: RunContext, horizon: Int64) -> String {
        PlanTrigger.fingerprint(configText: context.configText, environment: Environment.current, horizon: horizon)
    }
}
