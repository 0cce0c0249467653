import TidingsCore
import TidingsStore

extension Planner {
    /// Proposes what the rules want in the horizon, before anything stored is looked at:
    /// daily updates, meeting reminders, weekly summaries, the schedules' entries, insights
    /// and the coming occurrences of the user's repeating reminders.
    func propose(from inputs: Inputs, now: EpochMillis, zone: Zone, horizon: Int64) throws(StoreError) -> [NotificationRecord] {
        // The meeting reminders first, the most by far: the rest is added to their array
        // rather than each of them copied into another.
        var planned = MeetingRule(config: config, wording: wording, hasHandler: hasHandler)
            .notifications(now: now, horizon: horizon, zone: zone, calendars: inputs.calendars)
        // The daily rule looks a day back too, but only to update what the user already saw.
        planned += inputs.daily.notifications(now: now, horizon: horizon, zone: zone, content: inputs.content, since: now - 86_400_000)
        // The events weekly summaries and insights count, gathered once for both.
        let counted =
            config.weekly.enabled && !inputs.calendars.isEmpty
            ? CountedEvents(calendars: inputs.calendars, attendance: Attendance(config: config)) : nil
        planned += inputs.weekly.notifications(now: now, horizon: horizon, zone: zone, calendars: inputs.calendars, counted: counted)
        planned += inputs.schedules.notifications
        if config.insights.frequency != .off {
            let history = try database.insightHistory(
                from: now - InsightRule.window, until: now, tapsNeeded: config.insights.minTaps, insightsSince: now - InsightRule.memory)
            planned += InsightRule(config: config, wording: wording)
                .notifications(now: now, horizon: horizon, zone: zone, history: history, calendars: inputs.calendars, counted: counted)
        }
        let reminderRule = ReminderRule(quietHours: config.quietHours)
        for reminder in inputs.reminders {
            planned += reminderRule.occurrences(of: reminder, now: now, horizon: horizon, zone: zone)
        }
        return planned
    }
}
