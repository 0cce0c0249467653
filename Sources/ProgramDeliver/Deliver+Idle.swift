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
    public static func main() {
        if let options = QuickStart.options(Array(CommandLine.arguments.dropFirst())) {
            switch quickIdleRun(options) {
            case .done: return
            case .failed(let code): exit(withError: code)
            case .handedOver: break
            }
        }
        main(nil)
    }

    /// How a quick idle run ended.
    enum QuickOutcome {
        /// Nothing was due, and the run did all an idle run does.
        case done
        /// The parsed run is to do the run; nothing was left behind.
        case handedOver
        /// It failed after taking the lock, with this status (the error is printed).
        case failed(ExitCode)
    }

    /// The idle run for `options`. It hands over to the parsed run when something is due,
    /// the config has an error (whose warning and notice are the parsed run's), or the
    /// database cannot be read (whose error is). Once the lock is taken, a failure ends the
    /// run as the parsed run's would, since a second run in this process could not take the
    /// lock again.
    static func quickIdleRun(_ options: CommonOptions) -> QuickOutcome {
        guard let context = try? RunContext(program: program, options: options, brokenConfig: .refuse),
            let database = try? context.openDatabase()
        else { return .handedOver }
        // Read before the lock, which the parsed run takes first: a run that finds work hands
        // over without having held it, and an idle answer is the same either way.
        guard case .idle(let rearm)? = try? start(context, database: database) else {
            QuickStart.closeDatabases()
            return .handedOver
        }
        do {
            if try StageLock.acquire(context, database: database, wait: nil) {
                try endIdle(context, database: database, rearm: rearm)
                IdlePing.ifDue(context)
            }
        } catch {
            return .failed(QuickStart.failure(program: program, error))
        }
        QuickStart.closeDatabases()
        return .done
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
