extension TidingsConfig {
    /// Meeting reminders.
    public struct Meetings: Sendable, Equatable {
        /// Whether to remind of meetings at all.
        public var enabled = true
        /// How long before the start each reminder is due: one reminder per lead time, no
        /// two alike, at least one.
        public var leadTimes: [Int64] = [10 * 60_000]
        /// Remind only of events that carry a video-meeting link.
        public var onlyWithVideoLinks = true
        /// Remind of all-day events at `allDayTime` that day (off: never).
        public var allDay = false
        /// When all-day reminders are due, local time.
        public var allDayTime = WallTime(hour: 8, minute: 0) ?? .midnight
        /// The reminders' category (transactional passes quiet hours).
        public var category = Category.transactional
        /// The user's calendar addresses, lower-cased, without `mailto:`: an event one of them
        /// declined gets no reminder.
        public var me: [String] = []
        /// Also skip events the user answered TENTATIVE.
        public var skipTentative = false
        /// Remind of an event at the times of its own alarms (VALARM) instead of `leadTimes`,
        /// when it has any that fall within `leadTimeRange` before its start.
        public var useEventAlarms = true
        /// Meeting services of the user's own (`[[meetings.services]]`), beside the built-in table.
        public var services: [MeetingServiceEntry] = []

        /// The longest of `leadTimes`: how far past the horizon calendars are read.
        public var longestLeadTime: Int64 { leadTimes.max() ?? 0 }
        /// Lead times allowed: a reminder expires when the meeting starts and `deliver` runs
        /// once a minute, so a shorter one could expire unsent.
        public static let leadTimeRange: ClosedRange<Int64> = 60_000...86_400_000

        /// Reads `[meetings]`: booleans, `lead_time` or `lead_times`, `all_day_time`,
        /// `category`, the addresses `me` and the user's own services.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Meetings {
            var meetings = Meetings()
            meetings.enabled = try table.bool("enabled") ?? meetings.enabled
            meetings.leadTimes = try parseLeadTimes(&table) ?? meetings.leadTimes
            meetings.onlyWithVideoLinks = try table.bool("only_with_video_links") ?? meetings.onlyWithVideoLinks
            meetings.allDay = try table.bool("all_day") ?? meetings.allDay
            meetings.allDayTime = try table.wallTime("all_day_time") ?? meetings.allDayTime
            meetings.category = try table.choice("category", of: Category.self) ?? meetings.category
            meetings.me = try parseMe(&table) ?? meetings.me
            meetings.skipTentative = try table.bool("skip_tentative") ?? meetings.skipTentative
            meetings.useEventAlarms = try table.bool("use_event_alarms") ?? meetings.useEventAlarms
            meetings.services = try MeetingServiceEntry.parseAll(&table)
            return meetings
        }

        /// `lead_times`, or `lead_time` as a list of one; nil when neither is given.
        private static func parseLeadTimes(_ table: inout TOMLReader) throws(ConfigError) -> [Int64]? {
            let single = try table.duration("lead_time")
            guard let texts = try table.strings("lead_times") else {
                guard let single else { return nil }
                guard leadTimeRange.contains(single) else { throw table.error("lead_time", "must be between 1m and 1d") }
                return [single]
            }
            if single != nil { throw table.error("lead_time", "give lead_time or lead_times, not both") }
            guard !texts.isEmpty else {
                throw table.error("lead_times", "needs at least one lead time (enabled = false turns reminders off)")
            }
            var leads: [Int64] = []
            for (index, text) in texts.enumerated() {
                let key = "lead_times[\(index)]"
                guard let lead = DurationText.parse(text) else {
                    throw table.error(key, "expected a duration such as \"10m\" or \"1h30m\", found \(ConfigError.quoted(text))")
                }
                guard leadTimeRange.contains(lead) else { throw table.error(key, "must be between 1m and 1d") }
                guard !leads.contains(lead) else { throw table.error(key, "\(ConfigError.quoted(text)) is given twice") }
                leads.append(lead)
            }
            return leads
        }

        /// `me`, each address normalized once (`CalendarAddress`); nil when not given.
        private static func parseMe(_ table: inout TOMLReader) throws(ConfigError) -> [String]? {
            guard let texts = try table.strings("me") else { return nil }
            var addresses: [String] = []
            for (index, text) in texts.enumerated() {
                guard let address = CalendarAddress.normalized(text) else { throw table.error("me[\(index)]", "empty address") }
                if !addresses.contains(address) { addresses.append(address) }
            }
            return addresses
        }
    }
}
