/// Everything the user can set, with the built-in defaults for what the config file leaves out.
public struct TidingsConfig: Sendable, Equatable {
    /// The daily update.
    public struct Daily: Sendable, Equatable {
        /// Whether to send it. A config file that leaves `enabled` out turns it on only when it
        /// has a content source (see `offWithoutContent`).
        public var enabled = true
        /// Set when the config file leaves `enabled` out and has no content source (only
        /// calendars, say): the update is then off, as it would send an emergency line every
        /// morning.
        public var offWithoutContent = false
        /// Local wall time it is due.
        public var time = WallTime(hour: 7, minute: 30) ?? .midnight
        /// Move Saturday's and Sunday's update to Monday (one update that Monday).
        public var weekdaysOnly = false
        /// Its category, which decides quiet hours and routing.
        public var category = Category.system
    }

    /// Delivery rules.
    public struct Delivery: Sendable, Equatable {
        /// How late a due item may still go out; older ones become missed.
        public var grace: Int64 = 2 * 3_600_000
        /// How deliver is woken for what is due; nil: exact when a systemd user manager is reachable.
        public var wake: Wake?
    }

    /// The fallback chain's settings.
    public struct Fallback: Sendable, Equatable {
        /// Emergency lines, rotated by date; empty means the built-in ones.
        public var messages: [String] = []
        /// Content older than this at its due time is shown as stale, with its age.
        public var staleAfter: Int64 = 12 * 3_600_000
    }

    /// Planning settings.
    public struct Plan: Sendable, Equatable {
        /// How far ahead `plan` creates notifications.
        public var horizon: Int64 = 2 * 86_400_000
        /// Most pending notifications at once; the least important wait in a backlog.
        public var maxPending = 64
        /// Horizons allowed: an hour to about ten years.
        public static let horizonRange: ClosedRange<Int64> = 3_600_000...(3660 * 86_400_000)
    }

    /// What kind of data a source serves.
    public enum SourceType: String, Sendable, CaseIterable {
        /// `NotificationContent v1` JSON.
        case content
        /// An iCalendar (ICS) file: meetings to remind of, and the weekly summary.
        case calendar
        /// A remote schedule (`RemoteSchedule` JSON): a one-shot sequence of notifications.
        case schedule

        /// How often a source of this type is refreshed unless it says otherwise: calendars
        /// every 15 minutes (a meeting added in the morning gets its reminder), the rest four
        /// times a day.
        public var defaultEvery: Int64 {
            switch self {
            case .calendar: 15 * 60_000
            case .content, .schedule: 6 * 3_600_000
            }
        }

        /// The refresh intervals a source may ask for: a minute to a week.
        public static let everyRange: ClosedRange<Int64> = 60_000...(7 * 86_400_000)
    }

    /// One place `prefetch` fetches from.
    public struct Source: Sendable, Equatable {
        /// A unique, stable name; the cache is kept under it.
        public var name: String
        /// What the source serves.
        public var type: SourceType
        /// `https:`, `file:` or `http:` to loopback only.
        public var url: String
        /// Connect plus transfer time allowed for one fetch.
        public var timeout: Int64 = 30_000
        /// The category of a schedule's notifications.
        public var category = Category.system
        /// `sha256//<base64>` hashes of the public keys the server may present (a backup key
        /// beside the current one); empty: any key of a certificate the system trusts.
        public var pinnedPublicKeys: [String] = []
        /// A PEM file of certificate authorities to trust instead of the system's (a private CA).
        public var caFile: String?
        /// How often `prefetch --due` fetches it: the type's `defaultEvery` unless set.
        public var every: Int64

        /// Creates a source.
        public init(name: String, type: SourceType = .content, url: String, timeout: Int64 = 30_000) {
            self.name = name
            self.type = type
            self.url = url
            self.timeout = timeout
            every = type.defaultEvery
        }
    }

    public var daily = Daily()
    public var quietHours = QuietHours(
        enabled: false, start: WallTime(hour: 22, minute: 0) ?? .midnight, end: WallTime(hour: 7, minute: 0) ?? .midnight)
    public var delivery = Delivery()
    public var fallback = Fallback()
    public var plan = Plan()
    /// Meeting reminders from calendar sources.
    public var meetings = Meetings()
    /// The weekly summary.
    public var weekly = Weekly()
    public var sources: [Source] = []
    /// Webhook targets.
    public var webhooks: [Webhook] = []
    /// Which channels each category goes to; an empty list turns the category off.
    public var routes = TidingsConfig.defaultRoutes
    /// Channels turned off everywhere (`[channels] desktop = false`).
    public var disabledChannels: Set<String> = []
    /// The desktop channel's settings.
    public var desktop = Desktop()
    /// How often each stage should succeed, for `report --format nagios`.
    public var monitoring = Monitoring()
    /// How long history is kept.
    public var retention = Retention()
    /// Optional behaviour turned on by `[features]`.
    public var features = Features()
    /// The media cache's limits and where it is published.
    public var media = Media()
    /// Insights drawn from the user's history.
    public var insights = Insights()
    /// The chat-completions endpoint that may write notification text (`[llm]`); nil when not set.
    public var llm: LLM?

    /// How long history is kept: `plan` deletes what is older.
    public struct Retention: Sendable, Equatable {
        /// Days of history (deliveries, fetch attempts, settled notifications, the run log).
        public var days = 90
        /// Days allowed: one to a hundred years.
        public static let daysRange = 1...36_600
    }

    /// The channels a notification of `category` goes to: its route, less the channels
    /// turned off (`webhook = false` turns off every webhook).
    public func channels(for category: Category) -> [ChannelName] {
        (routes[category] ?? []).filter { channel in
            if disabledChannels.contains(channel.description) { return false }
            if case .webhook = channel, disabledChannels.contains("webhook") { return false }
            return true
        }
    }

    /// The defaults, with no sources.
    public init() {}

    /// The built-in configuration used when there is no config file: the defaults plus the
    /// bundled sample content, when its location is known.
    public static func builtIn(sampleContentURL: String?) -> TidingsConfig {
        var config = TidingsConfig()
        if let sampleContentURL {
            config.sources = [Source(name: "daily", url: sampleContentURL)]
        }
        return config
    }
}

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

        /// The longest of `leadTimes`: how far past the horizon calendars are read.
        public var longestLeadTime: Int64 { leadTimes.max() ?? 0 }
        /// Lead times allowed: a reminder expires when the meeting starts and `deliver` runs
        /// once a minute, so a shorter one could expire unsent.
        public static let leadTimeRange: ClosedRange<Int64> = 60_000...86_400_000
    }

    /// The weekly summary of the calendar.
    public struct Weekly: Sendable, Equatable {
        /// Whether to send it.
        public var enabled = true
        /// ISO weekday it is due on: 1 is Monday, 7 is Sunday.
        public var weekday = 7
        /// Local wall time it is due.
        public var time = WallTime(hour: 18, minute: 0) ?? .midnight
        /// Its category.
        public var category = Category.system
    }
}
