import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsPlan
import TidingsStore

extension Tidings {
    struct Add: TidingsCommand {
        static let program = "tidings add"

        static let configuration = CommandConfiguration(
            abstract: "Add a reminder of your own, once or repeating; it prints the new reminder's id.",
            discussion: """
                A reminder is an ordinary pending notification (kind reminder): tidings pending lists \
                it, pending cancel and pending update change it, quiet hours move it by its category, \
                and deliver sends it when due, through its category's route or the channels given \
                with --channel. Plan never cancels it nor changes its text. It takes its place under \
                plan.max_pending at once, ranked as plan ranks (due within two days first, then by \
                importance, where a reminder scores above anything planned): pending, or in the \
                backlog, from which deliver moves it up as soon as a place frees. Deliver must \
                still run: the timers tidings init installs run it every minute.

                A repeat (--every) stores its rule; each plan run creates its occurrences within the \
                horizon (at most 24 ahead), with ids such as reminder:ab3k7q2m@2026-11-23; when the \
                first lies beyond the horizon, tidings add names its date. tidings pending \
                --reminders lists the repeats with their next occurrence. A time given with --at \
                that has passed today starts a daily repeat tomorrow.

                --at also takes times as people say them: tomorrow 9:00, fri 14:30, next monday \
                8am, in 1h30m, noon, midnight, today 17:00, 3pm, "tomorrow, 3pm", 14h30, and the \
                day names of German, Spanish, French, Italian, Dutch, Polish and Portuguese \
                (morgen 9:00, fr 14:30, mañana 9:00, lundi prochain 8h). A weekday alone is the \
                next such day, today while its time lies ahead; today's when it has passed is \
                refused (say next fri 14:30). next DAY is the first such day after today, and is \
                refused as ambiguous when DAY is still to come this week (next friday on a \
                Tuesday: in 3 days or 10?). 12am is 00:00 and 12pm noon; midnight alone is \
                tonight's; an hour alone (tomorrow 9) and dates with slashes (1/2 9:00) are \
                refused. A time the clocks skip moves to the first minute after (02:30 → 03:00).

                --nag repeats a reminder until you have seen it: every DURATION after it went out, \
                each channel that took it shows it again, at most --nag-times times (default 3), \
                until it is read, tapped or dismissed (tidings inbox read, a click on the popup); a \
                snooze pauses it until it comes back. The desktop replaces its popup, ntfy its \
                message (the same sequence id) and Discord edits its post; other channels send it \
                again, the inbox keeps one entry. A repeat in quiet hours waits for their end \
                (a transactional reminder's does not), and the report counts the reminder once. \
                [nag] in the config does the same per category or kind.

                After a change of zone (TZ), a reminder given --at and every repeat keep their wall \
                time, like an alarm clock; one given --in keeps its instant; quiet hours apply in \
                the new zone.

                Examples:
                  tidings add "Stretch" --in 25m
                  tidings add "Call the dentist" --at 14:00 --body "Before they close at 5"
                  tidings add "Water the plants" --at "tomorrow 9:00"
                  tidings add "Stand-up notes" --every weekdays --at 09:55
                  tidings add "Drink water" --every 2h --in 30m --until 18:00 --channel stdout
                  tidings add "Take the pills" --at 08:00 --nag 5m --nag-times 6

                Exit status: 0 added, 64 a usage error (a time that has passed, an unknown channel), 1 failure.
                """)

        @OptionGroup var options: CommonOptions

        @Argument(help: "What to remind you of (at most 80 characters and 512 bytes).")
        var title: String

        @Option(help: ArgumentHelp("More text (at most 280 characters and 2,048 bytes).", valueName: "text"))
        var body: String?

        @Option(
            help: ArgumentHelp(
                "When: HH:MM today (a time that has passed is refused unless --next), a date and time such as 2026-11-23T09:15 (in TZ unless it has an offset), or a phrase such as tomorrow 9:00, fri 14:30, next monday 8am, in 1h30m, noon or 3pm (see below). Seconds are dropped.",
                valueName: "time"))
        var at: String?

        @Option(name: .customLong("in"), help: ArgumentHelp("When, from now: a duration such as 10m or 1h30m.", valueName: "duration"))
        var after: String?

        @Flag(help: "With --at and a time of day alone (HH:MM, 3pm, noon): when it has passed today, tomorrow at that time.")
        var next = false

        @Option(
            help: ArgumentHelp(
                "transactional, system, social or marketing (default system). It picks the route and whether quiet hours move the reminder: transactional ones pass them.",
                valueName: "category"))
        var category: String = Category.system.rawValue

        @Option(help: ArgumentHelp("What the reminder opens: https, or a meeting or chat app's link.", valueName: "url"))
        var link: String?

        @Option(
            help: ArgumentHelp(
                "Send it only to this channel instead of its category's route (repeat for several): stdout, desktop, inbox, webhook:NAME, email:NAME or command:NAME.",
                valueName: "name"))
        var channel: [String] = []

        @Option(
            help: ArgumentHelp(
                "Repeat: daily, weekdays (Monday to Friday), or every duration of at least 30m (2h), from the first time --at or --in gives.",
                valueName: "repeat"))
        var every: String?

        @Option(
            help: ArgumentHelp(
                "With --every: no occurrence after this: HH:MM (the next time the clock shows it), a date such as 2026-11-30 (through its end), a date and time, or a phrase with a time such as fri 18:00.",
                valueName: "time"))
        var until: String?

        @Option(
            help: ArgumentHelp(
                "Nag until seen: show it again every DURATION (1m to 1d, such as 5m) until it is read, tapped or dismissed.",
                valueName: "duration"))
        var nag: String?

        @Option(
            name: .customLong("nag-times"),
            help: ArgumentHelp("With --nag: repeat at most this many times (1 to 20, default 3).", valueName: "n"))
        var nagTimes: Int?

        func validate() throws {
            if TextSanitizer.clean(title).isEmpty { throw ValidationError("TITLE: empty; say what to remind you of") }
            switch (at, after) {
            case (nil, nil): throw ValidationError("say when: --at TIME or --in DURATION")
            case (.some, .some): throw ValidationError("--at and --in: give one of them, not both")
            default: break
            }
            if next && at.flatMap(Self.timeOfDay) == nil { throw ValidationError("--next goes with --at and a time of day alone (HH:MM, 3pm)") }
            if until != nil && every == nil { throw ValidationError("--until needs --every") }
            if Category(rawValue: category) == nil {
                let names = Category.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--category: expected one of \(names), found \"\(category)\"")
            }
            for name in channel where ChannelName(name) == nil {
                throw ValidationError("--channel: unknown channel \"\(name)\"; use stdout, desktop, inbox, webhook:NAME, email:NAME or command:NAME")
            }
            if let link, let refusal = LinkPolicy.refusal(of: link) { throw ValidationError("--link: \(refusal)") }
            _ = try nagRule()
        }

        /// The rule --nag and --nag-times give, or nil without --nag.
        private func nagRule() throws(ValidationError) -> NagRule? {
            guard let nag else {
                if nagTimes != nil { throw ValidationError("--nag-times needs --nag DURATION") }
                return nil
            }
            guard let every = DurationText.parse(nag) else {
                throw ValidationError("--nag: expected a duration such as 5m or 1h30m, found \"\(nag)\"")
            }
            if let problem = NagRule.everyProblem(every) { throw ValidationError("--nag: \(problem)") }
            let times = nagTimes ?? NagRule.defaultTimes
            if let problem = NagRule.timesProblem(times) { throw ValidationError("--nag-times: \(problem)") }
            return NagRule(every: every, times: times)
        }

        func run(_ context: RunContext) throws {
            let reminder = try reminder(context)
            let database = try context.openDatabase()
            let rule = ReminderRule(quietHours: context.config.quietHours)
            let (id, first) =
                try rule
                .add(
                    reminder, database: database, now: context.now, zone: context.zone, horizon: context.config.plan.horizon,
                    cap: PendingCap(limit: context.config.plan.maxPending))
            try Tidings.Pending.rearm(context, database)
            // The reminder goes out under this config: kept as the last good one, so that a
            // file broken before the next plan still lets it go out.
            do { try context.keepConfig(in: database) } catch { Terminal.warning(program: Self.program, "\(error)") }
            if let first {
                let moved = first.dueAt != reminder.at && reminder.repetition == nil ? " (moved by quiet hours)" : ""
                let waits =
                    first.state == .backlog
                    ? "; it waits in the backlog: the \(context.config.plan.maxPending) pending places (plan.max_pending) hold sooner or more important items, and deliver moves it up as one frees"
                    : ""
                Terminal.note(program: Self.program, "\(first.id) due \(ISOTime.format(first.dueAt, in: context.zone))\(moved)\(waits)")
            } else {
                let horizon = DurationText.format(context.config.plan.horizon)
                let next =
                    try database.runningReminders(at: context.now).first { $0.id == id }
                    .flatMap { rule.next(of: $0, now: context.now, zone: context.zone) }
                    .map { " (\(ISOTime.format($0.dueAt, in: context.zone)))" } ?? ""
                Terminal.note(
                    program: Self.program,
                    "\(id): the first occurrence\(next) lies beyond the plan's horizon (\(horizon)); plan creates it in time")
            }
            try Terminal.output(id + "\n")
        }

        /// The reminder the options describe, checked against the clock and the config.
        private func reminder(_ context: RunContext) throws(CLIError) -> NewReminder {
            let channels = channel.compactMap(ChannelName.init)
            for name in channels {
                if let problem = context.config.missingTarget(of: name) { throw CLIError.usage("--channel: \(problem)") }
                if context.config.channels(for: .system, chosen: [name]).isEmpty {
                    throw CLIError.usage("--channel: \(name) is turned off in [channels]")
                }
            }
            let text: (title: String, body: String)
            do throws(UserText.Problem) {
                text = (try UserText.title(title), try UserText.body(body ?? ""))
            } catch {
                // The title is the argument here, not `pending update`'s --title.
                throw CLIError.usage(error.field == "title" ? "TITLE: \(error.message)" : error.description)
            }
            do throws(ReminderTime.Problem) {
                let repetition = try every.map { text throws(ReminderTime.Problem) in try Repetition(text) }
                // A repeat starts at the next time the clock shows its --at.
                let due =
                    if let at {
                        try ReminderTime.at(at, next: next || repetition != nil, now: context.now, zone: context.zone)
                    } else {
                        try ReminderTime.after(after ?? "", now: context.now)
                    }
                let end = try until.map { text throws(ReminderTime.Problem) in try ReminderTime.until(text, now: context.now, zone: context.zone) }
                if let end, end < due {
                    throw ReminderTime.Problem(
                        option: "until",
                        message: "\(ISOTime.format(end, in: context.zone)) comes before the first time, \(ISOTime.format(due, in: context.zone))")
                }
                return NewReminder(
                    title: text.title, body: text.body, category: Category(rawValue: category) ?? .system,
                    deepLink: link, channels: channels, at: due, anchor: fromNow ? .instant : .wall, repetition: repetition,
                    until: end, nag: try? nagRule())
            } catch {
                throw CLIError.usage(error.description)
            }
        }

        /// Whether the reminder counts from now (--in, or --at "in 1h30m"): it then keeps its
        /// instant when the zone changes, not its wall time.
        private var fromNow: Bool {
            guard let at else { return true }
            return (try? SpokenTime.phrase(at))?.isFromNow ?? false
        }

        /// The time of day `text` gives when it gives nothing else (`09:00`, `3pm`, `noon`).
        private static func timeOfDay(_ text: String) -> WallTime? {
            if case .clock(let wall) = try? SpokenTime.phrase(text) { return wall }
            return nil
        }
    }
}
