import TidingsCore

/// How the pending cap stands: what it holds back now, and what it kept back until too late.
public struct CapState: Sendable, Equatable {
    /// How far ahead an item counts as due soon: two days. The cap gives such items their
    /// places first, and `tidings doctor` warns when any of them waits.
    public static let soon: Int64 = 48 * 3_600_000

    /// Items pending now.
    public var pending = 0
    /// Items waiting in the backlog now.
    public var backlog = 0
    /// Of those, the ones due before `soon` that would still wait when their time comes
    /// (`PendingCap.heldPastDue`): at risk of being missed.
    public var backlogSoon = 0
    /// Items the cap kept back until they were missed or expired, due since `since`.
    public var missed = 0
}

extension TidingsDatabase {
    /// What the reason of an item the pending cap kept back until it was missed or expired
    /// says, for people (code reads `Hold.cap`).
    public static let cappedMark = "held back by the pending cap"

    /// The pending cap's state under `cap` at `now`: open items, backlogged ones due before
    /// `soon` that would still wait at their time, and the items it kept back until they were
    /// missed, due from `since` on.
    public func capState(_ cap: PendingCap, now: EpochMillis, soon: EpochMillis, since: EpochMillis) throws(StoreError) -> CapState {
        try snapshot("read the pending cap") { db in
            var state = CapState()
            state.pending = try db.value("SELECT count(*) FROM notification WHERE state = 'pending'", as: Int.self) ?? 0
            state.backlog = try db.value("SELECT count(*) FROM notification WHERE state = 'backlog'", as: Int.self) ?? 0
            if state.backlog > 0 {
                // Every place (however far ahead its item is due), and the backlog due soon:
                // the backlog due later ranks after it and takes no place before it.
                let open = try db.rows(
                    """
                    SELECT * FROM notification WHERE (state = 'pending' OR (state = 'backlog' AND dueAt < ?))
                      AND (expiresAt IS NULL OR expiresAt > ?)
                    """,
                    [soon.storeValue, now.storeValue]
                ).map(NotificationRecord.init(store:))
                state.backlogSoon = cap.heldPastDue(open, now: now).count
            }
            state.missed = try cappedMisses(db, from: since, until: .max)
            return state
        }
    }

    /// Items due in `from ..< until` that the pending cap kept back until they were missed
    /// or expired.
    func cappedMisses(_ db: any StoreConnection, from: EpochMillis, until: EpochMillis) throws -> Int {
        try db.value(
            """
            SELECT count(*) FROM notification WHERE state IN ('missed', 'expired') AND dueAt >= ? AND dueAt < ?
              AND hold & \(Hold.cap.rawValue) <> 0
            """,
            [from.storeValue, until.storeValue], as: Int.self) ?? 0
    }
}
