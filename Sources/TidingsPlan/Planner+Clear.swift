import TidingsCore
import TidingsStore

extension Planner {
    /// Why a meeting reminder that reached the user is taken back.
    static let clearReason = "the event was cancelled, declined or removed after its reminder went out"

    /// The delivered meeting reminders to take back from the channels that can (see
    /// `WebhookFormat.clearsDelivered`): their meeting has not started, and no reminder of it
    /// was planned this run (`plannedOccurrences`), so the calendar no longer has it
    /// (cancelled, declined, removed).
    /// An update still waiting (the meeting moved) that this run cancels (`cancelledUpdates`)
    /// is taken back too: the first version still shows the old time.
    /// Nothing is taken back while meeting reminders are off or a calendar cannot be read.
    func clears(
        plannedIDs: Set<String>, plannedOccurrences: Set<String>, cancelledUpdates: [String], inputs: Inputs, now: EpochMillis
    ) throws(StoreError) -> [ClearableLeg] {
        let channels = config.clearingChannels
        guard !channels.isEmpty, config.meetings.enabled,
            inputs.calendarProblems.allSatisfy({ !$0.hasSuffix(": unreadable") })
        else { return [] }
        let legs = try database.clearableMeetingLegs(channels: channels, now: now, updates: cancelledUpdates)
        guard !legs.isEmpty else { return [] }
        // Another reminder of the same meeting (a lead time changed, or two leads now fall due
        // at once and only one is planned) means it still takes place.
        let rows = try database.notifications(ids: Array(Set(legs.map(\.notificationId))))
        return legs.filter { leg in
            guard let occurrence = rows[leg.notificationId]?.occurrence else { return false }
            return !plannedIDs.contains(leg.notificationId) && !plannedOccurrences.contains(occurrence)
        }
    }
}
