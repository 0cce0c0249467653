import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsFetch
import TidingsStore

extension Prefetch {
    /// Runs `prefetch` from the command line. `prefetch --due` as the timers start it
    /// (besides the flag, only `--db` and `--config`) first asks whether any source is due,
    /// before the argument parser (see `QuickStart`); with none due it ends there, as the
    /// parsed run would. Anything else, a source due included, is the parsed run's.
    public static func commandLineRun() -> Int32? {
        main(
            timersFlag: "--due", watched: stage,
            isIdle: { context, database in
                // No sources is said on every run: the parsed run says it.
                try !context.config.sources.isEmpty && Prefetcher(database: database, config: context.config).nothingDue(now: context.now)
            },
            end: { context, database in try context.keepConfig(in: database) })
    }
}
