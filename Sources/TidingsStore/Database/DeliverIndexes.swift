/// The indexes migration v26-deliver-narrow drops, the same on both engines. Every claim and
/// every settle changes a notification's `state`, and every send inserts a `delivery` row: each
/// index over those columns is one more b-tree written per item. Since `report` reads its
/// whole days from the running totals (v25), these two have no reader that needs them:
/// - `notification_state_staleness_due` (state, staleness, dueAt) served the report's count
///   of every day by state and staleness; the report now counts only a window's partial first
///   and last day from the rows, through `notification_state_due`, and insights the days it
///   looks at the same way.
/// - `delivery_channel_outcome` (channel, outcome, scheduledTime) served `report --by channel`
///   before the totals; the only planner still choosing it was the clear check's look-up of
///   an item's `cleared` rows, which reads them by `delivery_notification` instead (one item's
///   rows rather than every cleared row of the channel).
/// `StoreTests.deliverIndexesReaders` keeps those readers on keys.
public enum DeliverIndexes {
    /// The statements of v26-deliver-narrow.
    public static let dropped = [
        "DROP INDEX notification_state_staleness_due",
        "DROP INDEX delivery_channel_outcome",
    ]
}
