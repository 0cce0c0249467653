import TidingsCore

extension Phrases {
    /// English.
    static let en = Phrases(
        weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        hourUnit: "h",
        minuteUnit: "min",
        date: "{weekday} {day} {month}",
        dateMonthFirst: "{weekday}, {month} {day}",

        emergencyTitle: "Your daily update",
        emergencyLines: EmergencyMessages.builtIn,
        staleMinutes: [.one: "as of {n} min ago", .other: "as of {n} min ago"],
        staleHours: [.one: "as of {n}h ago", .other: "as of {n}h ago"],
        staleDays: [.one: "from {n} day ago", .other: "from {n} days ago"],

        meetings: [.one: "{n} meeting", .other: "{n} meetings"],
        weekTitle: "Your week: {meetings}, {hours}",
        busiestDay: "Busiest day: {day} ({hours}).",
        longestMeeting: "Longest: {title} ({hours}).",
        longestUntitled: "a meeting",
        sameAsWeekBefore: "As many as the week before.",
        moreThanWeekBefore: "{n} more than the week before.",
        fewerThanWeekBefore: "{n} fewer than the week before.",
        comingWeek: "Coming week: {meetings}, {hours}.",
        comingWeekBusiest: "Coming week: {meetings}, {hours}, {day} busiest.",

        untitledMeeting: "Meeting",
        allDayToday: "Today, all day",
        startsToday: "Starts at {time} (in {wait}), until {end}",
        startsTomorrow: "Starts tomorrow at {time} (in {wait}), until {end}",
        startsOn: "Starts on {date} at {time} (in {wait}), until {end}",
        join: "Join on {service}",
        minutesLeft: [.one: "{n} min", .other: "{n} min"],

        hoursSame: TextDraft(
            title: "As many meeting hours as last week", body: "{now} in meetings over the past 7 days, the same as the week before."),
        hoursFewer: TextDraft(
            title: "Fewer meeting hours this week", body: "{now} in meetings over the past 7 days, {difference} less than the week before ({before})."
        ),
        hoursMore: TextDraft(
            title: "More meeting hours this week", body: "{now} in meetings over the past 7 days, {difference} more than the week before ({before})."),
        mostlyDismissedTitle: "Most updates dismissed this week",
        mostlyDismissed: [
            .one: "You dismissed the one notification you acted on in the past 7 days. Another daily time or fewer sources may suit you better.",
            .other:
                "You dismissed {dismissed} of the {total} notifications you acted on in the past 7 days. Another daily time or fewer sources may suit you better.",
        ],
        readingTitle: "Your reading this week",
        reading: [
            .one: "You opened the one notification you acted on in the past 7 days.",
            .other: "You opened {opened} of the {total} notifications you acted on in the past 7 days, and dismissed {dismissed}.",
        ],
        allFreshTitle: "Everything was fresh this week",
        allFresh: [
            .one: "The one notification of the past 7 days showed current content.",
            .other: "All {n} notifications of the past 7 days showed current content.",
        ],
        someStaleTitle: "Some updates were out of date",
        someStale: [
            .one: "The one notification of the past 7 days showed older content. `tidings doctor` shows what your sources need.",
            .other:
                "{stale} of the {delivered} notifications of the past 7 days showed older content. `tidings doctor` shows what your sources need.",
        ],

        digestTitle: [.one: "{n} new item", .other: "{n} new items"],
        digestMeetings: [.one: "{n} meeting starting soon", .other: "{n} meetings starting soon"],
        digestDailies: [.one: "{n} daily update", .other: "{n} daily updates"],
        digestWeeklies: [.one: "{n} weekly summary", .other: "{n} weekly summaries"],
        digestTests: [.one: "{n} test notification", .other: "{n} test notifications"],
        digestOthers: [.one: "{n} notification", .other: "{n} notifications"]
    )
}
