import TidingsCalendar
import TidingsCore
import TidingsLinks
import TidingsStore

extension Planner {
    /// What a run plans from: the cache of the sources still configured, the rules as the
    /// settings make them, and the calendars expanded once for every rule.
    struct Inputs {
        /// The cached content of the configured content sources.
        var content: [CachedContent]
        /// The configured calendars, expanded from two weeks back to a week past the horizon.
        var calendars: [ExpandedCalendar]
        /// What went wrong reading the calendars.
        var calendarProblems: [String]
        /// The remote schedules' rule.
        var scheduleRule: ScheduleRule
        /// Where the schedules' entries fall.
        var schedules: ScheduleRule.Plan
        /// The daily rule, at the personalized time when that feature is on.
        var daily: DailyRule
        /// The weekly summary's rule.
        var weekly: WeeklyRule
        /// The stamp under which the desktop's URL scheme handler answers are kept; nil when
        /// they are not asked ahead.
        var handlerStamp: String?
        /// The repeating reminders the user added that still run.
        var reminders: [ReminderRecord] = []
    }

    /// Gathers the inputs: reads the cache, recalls the desktop's scheme handlers when a
    /// reminder may need them, builds the rules and expands the calendars.
    func gather(now: EpochMillis, zone: Zone, horizon: Int64) throws(StoreError) -> Inputs {
        // What sources no longer configured left in the cache is not shown.
        let contentSources = Set(config.sources.filter { $0.type == .content }.map(\.name))
        let calendarSources = Set(config.sources.filter { $0.type.isCalendar }.map(\.name))
        let content = try database.cachedContent().filter { contentSources.contains($0.source) }
        let calendars = try database.cachedCalendars().filter { calendarSources.contains($0.source) }
        let scheduleRule = ScheduleRule(config: config)
        let schedules =
            config.sources.contains { $0.type == .schedule }
            ? scheduleRule.plan(now: now, horizon: horizon, zone: zone, schedules: try database.cachedSchedules())
            : ScheduleRule.Plan()
        let handlerStamp = recallSchemeHandlers(for: calendars, now: now)
        let daily = DailyRule(config: try dailyConfig(now: now, zone: zone), wording: wording)
        let weekly = WeeklyRule(config: config, wording: wording)
        // One expansion per calendar serves both rules: the past two weeks (for the weekly
        // summary) to a week past the horizon.
        let expanded = ExpandedCalendar.expand(
            calendars, from: now - WeekStatistics.before,
            until: now + horizon + config.meetings.longestLeadTime + WeekStatistics.after + 86_400_000, zone: zone,
            preparer: calendarPreparer())
        return Inputs(
            content: content, calendars: expanded.calendars, calendarProblems: expanded.problems, scheduleRule: scheduleRule,
            schedules: schedules, daily: daily, weekly: weekly, handlerStamp: handlerStamp, reminders: try database.runningReminders(at: now))
    }

    /// What keeps the calendars parsed between runs: the folder of prepared calendars, when
    /// the planner has one.
    private func calendarPreparer() -> CalendarPreparer {
        guard let folder = preparedCalendars else { return .none() }
        return CalendarPreparer(load: { folder.load($0) }, store: { folder.store($1, for: $0) })
    }

    /// Recalls the kept answers on the desktop's URL scheme handlers and asks the rest ahead,
    /// when reminders of `calendars` may need them; returns the stamp to keep them under.
    private func recallSchemeHandlers(for calendars: [CachedCalendar], now: EpochMillis) -> String? {
        // Whether the apps of meeting links are installed is read from the desktop's files
        // when a reminder needs it. On KDE the answers come from xdg-mime, a slow shell
        // script: they are asked ahead, on a thread of their own, and kept between runs for a
        // day, as long as the files they come from are unchanged. The cache is only a
        // shortcut: a failure to read or keep it costs a question, nothing more.
        guard asksDesktop, config.meetings.enabled, !calendars.isEmpty, SchemeHandlers.asksXDGMime() else { return nil }
        let stamp = SchemeHandlers.stamp()
        let known = (try? database.schemeHandlerAnswers(stamp: stamp, since: now - 86_400_000)) ?? [:]
        for (scheme, installed) in known {
            SchemeHandlers.remember(scheme, installed: installed)
        }
        SchemeHandlers.lookAhead(mentionedIn: calendars.map(\.text))
        return stamp
    }

    /// The config the daily rule follows: with `features.personalization`, the daily time
    /// moved toward the hour the user engages most (see `PersonalizedTime`).
    private func dailyConfig(now: EpochMillis, zone: Zone) throws(StoreError) -> TidingsConfig {
        guard config.features.personalization else { return config }
        var personalized = config
        personalized.daily.time = PersonalizedTime.time(
            configured: config.daily.time, engagements: try database.engagementTimes(from: now - PersonalizedTime.window, to: now + 1),
            now: now, zone: zone)
        return personalized
    }
}
