import ArgumentParser
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsStore
import TidingsTimers

extension Deliver {
    /// Runs `deliver` from the command line. The every-minute run as the timers start it (no
    /// arguments but `--db` and `--config`) first asks whether anything is due, before the
    /// argument parser (see `QuickStart`); with nothing due it ends there, as the parsed run
    /// would. Anything else, work due included, is the parsed run's, from the start.
    public static func commandLineRun() -> Int32? {
        // Its idle pings are its own (`IdlePing`): a watcher does not need the parsed run.
        main(
            timersFlag: nil, watched: nil,
            idle: { context, database -> Bool? in
                // Read before the lock, which the parsed run takes first: an idle answer is
                // the same either way.
                guard case .idle(let rearm) = try start(context, database: database) else { return nil }
                return rearm
            },
            end: { context, database, rearm in
                try endIdle(context, database: database, rearm: rearm)
                IdlePing.ifDue(context)
            })
    }

    /// How the run of `context` starts: idle, or with work (see `DeliverStart`).
    static func start(_ context: RunContext, database: TidingsDatabase) throws(StoreError) -> DeliverStart {
        try DeliverStart.check(
            database: database, delivery: context.config.delivery, maxPending: context.config.plan.maxPending,
            handOverReach: context.config.handOverReach, now: context.now)
    }

    /// The end of an idle run: the heartbeat, and the exact wake-up armed again when `rearm`.
    static func endIdle(_ context: RunContext, database: TidingsDatabase, rearm: Bool) throws {
        context.narrate("nothing due")
        markAlive(database, context: context)
        if rearm { try runBlocking { await WakeUp.rearm(context: context, database: database) } }
    }

    /// An idle run logs nothing in the database, so it sets the heartbeat file that
    /// `report` reads instead; failing to is never an error of the run.
    static func markAlive(_ database: TidingsDatabase, context: RunContext) {
        do {
            try database.touchHeartbeat(of: .deliver, at: context.now)
        } catch {
            context.narrate("\(error)")
        }
    }
}
