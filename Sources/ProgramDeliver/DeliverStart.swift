import TidingsCore
import TidingsStore
import TidingsTimers

/// How a `deliver` run starts: with work to do, or idle. The every-minute run decides it
/// before anything heavy is loaded or started (the channels, libcurl, Swift concurrency),
/// with one indexed look-up in the database and, with exact wake-ups, one read of the small
/// wake file beside it.
public enum DeliverStart: Sendable, Equatable {
    /// Something is due, a retry is due, or a claim is held by a run that may have died.
    case deliver
    /// Nothing to do. With `rearm`, the exact wake-up armed last has come (this run may be
    /// the one it started), so nothing later is armed yet: the run arms the next one.
    case idle(rearm: Bool)

    /// How a run at `now` on `database` starts, under `delivery`'s grace and wake-ups and
    /// the pending cap's `maxPending` places, and hand-overs as far as `handOverReach`. An idle run writes nothing to the database;
    /// this reads it once.
    public static func check(
        database: TidingsDatabase, delivery: TidingsConfig.Delivery, maxPending: Int? = nil, handOverReach: Int64? = nil,
        now: EpochMillis
    ) throws(StoreError) -> DeliverStart {
        // Backlogged items due longer ago than the grace are work too: they become missed;
        // and so is a backlog while a pending place is free: the run fills it.
        guard try !database.hasDeliveryWork(at: now, missedBefore: now - delivery.grace, pendingLimit: maxPending) else { return .deliver }
        // An ntfy target with schedule_ahead: something to hand over, replace or take back.
        if let handOverReach {
            let from = now + HandOver.margin
            guard try !database.hasHandOverWork(from: from, until: now + handOverReach) else { return .deliver }
        }
        // The every-minute timer alone arms nothing, so there is no wake file to read.
        guard delivery.wake != .minute else { return .idle(rearm: false) }
        return .idle(rearm: WakeState.read(forDatabase: database.localStem)?.needsRearming(at: now) == true)
    }
}
