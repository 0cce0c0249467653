import ArgumentParser
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsGenerate
import TidingsPlan
import TidingsStore
import TidingsTimers

extension Tidings {
    struct Pending: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, cancel and change the notifications still to come; merge close ones into a digest.",
            discussion: """
                An item you cancel, change or merge is yours: plan no longer changes its text or \
                time, brings it back, or cancels it, even when its source changes. Items being \
                delivered right now cannot be changed.
                """,
            subcommands: [List.self, Cancel.self, Update.self],
            defaultSubcommand: List.self)

        enum PendingFormat: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }
    }
}

extension Tidings.Pending {
    struct List: TidingsCommand {
        static let program = "tidings pending"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "List pending and backlogged items, earliest first (the default); with --group, merge close items into digests.",
            discussion: """
                With --reminders it lists the repeating reminders instead (tidings add --every), one \
                a line: the id, the rule, the next occurrence (after quiet hours, however far ahead) \
                and the end; with --format json one object each, with id, title, category, every, \
                at (the wall time it keeps), zone, next, until (null: until stopped) and channels.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(help: "List cancelled items due from now on too (with the reason).")
        var all = false

        @Option(name: .shortAndLong, help: "How many items to list at most.")
        var limit = 100

        @Option(help: ArgumentHelp("text or json (one object per line).", valueName: "format"))
        var format: PendingFormat = .text

        @Option(
            help: ArgumentHelp(
                "Merge the pending items of this kind (meeting, daily, weekly, …) due within --within of each other into one digest each, and print the digests.",
                valueName: "kind"))
        var group: String?

        @Option(help: ArgumentHelp("With --group: how far apart, at most, the members' due times lie (default 5m).", valueName: "duration"))
        var within: String?

        @Flag(help: "List the repeating reminders (tidings add --every): id, rule, next occurrence and end.")
        var reminders = false

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
            if let group, NotificationKind(rawValue: group) == nil || group == NotificationKind.digest.rawValue {
                let kinds = NotificationKind.allCases.filter { $0 != .digest }.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--group: expected a kind of notification (\(kinds)), found \"\(group)\"")
            }
            if within != nil && group == nil { throw ValidationError("--within needs --group") }
            if reminders && (group != nil || all) { throw ValidationError("--reminders: give it alone, without --group or --all") }
        }

        func run(_ context: RunContext) throws {
            if reminders {
                let rules = try context.openDatabaseForReading().runningReminders(at: context.now).prefix(limit)
                let rule = ReminderRule(quietHours: context.config.quietHours)
                try Terminal.output(
                    rules.map { reminder in
                        PendingView.reminder(
                            reminder, next: rule.next(of: reminder, now: context.now, zone: context.zone), format: format, zone: context.zone) + "\n"
                    }.joined())
            } else if let group, let kind = NotificationKind(rawValue: group) {
                let window = try within.map { text throws(CLIError) in try durationOption(text, flag: "--within") } ?? 5 * 60_000
                let database = try context.openExistingDatabase()
                // Titled in the language plan writes in: the same locale variables.
                let language = Wording.templates(environment: Environment.current).locale.language
                let merges = try Digest(group: kind, window: window, language: language).run(database: database, now: context.now, zone: context.zone)
                if !merges.isEmpty { try Tidings.Pending.rearm(context, database) }
                if merges.isEmpty {
                    Terminal.note(
                        program: "tidings pending",
                        "nothing to merge: no two pending \(group) items are due within \(DurationText.format(window)) of each other")
                }
                try Terminal.output(merges.map { PendingView.merged($0, format: format, zone: context.zone) + "\n" }.joined())
            } else {
                let items = try context.openDatabaseForReading().pendingList(cancelled: all, now: context.now, limit: limit)
                try Terminal.output(
                    items.map { PendingView.line($0.countdownFilled(at: context.now), format: format, zone: context.zone) + "\n" }.joined())
            }
        }
    }

    struct Cancel: TidingsCommand {
        static let program = "tidings pending cancel"

        static let configuration = CommandConfiguration(
            abstract: "Cancel pending items: all of them, or none when one is unknown or no longer pending.",
            discussion: """
                An item already delivered to an ntfy webhook (and not expired) is taken back from \
                there instead: the next deliver run deletes it from the phone. The id of a repeating \
                reminder (reminder:ab3k7q2m, as tidings add printed it) stops it: its pending \
                occurrences are cancelled and plan creates no more.
                """)

        @OptionGroup var options: CommonOptions

        @Argument(help: "The items' ids, as listed (e.g. daily:2026-11-22), or a repeating reminder's id to stop it.")
        var ids: [String]

        func validate() throws {
            guard !ids.isEmpty else { throw ValidationError("give the id of at least one item (see tidings pending)") }
        }

        func run(_ context: RunContext) throws {
            let database = try context.openExistingDatabase()
            let clearing = context.config.clearingChannels
            let reason = "cancelled by the user"
            // Repeating reminders are stopped after the rest is cancelled: a refusal changes nothing.
            let repeats = try Set(ids.filter { try database.isRunningReminder($0) })
            let items = ids.filter { !repeats.contains($0) }
            let cancelled =
                items.isEmpty
                ? []
                : try Tidings.Pending.written(
                    database.cancelPending(ids: items, reason: reason, now: context.now, clearing: clearing), refusing: "nothing cancelled")
            var lines = cancelled.map { item in
                // A delivered item is taken back (`Hold.takenBack`); the rest was cancelled.
                item.hold.contains(.takenBack)
                    ? "clearing \(item.id) (delivered): the next deliver run takes it back\n" : "cancelled \(item.id)\n"
            }
            for id in ids where repeats.contains(id) {
                let occurrences = try database.stopReminder(id, reason: reason, now: context.now) ?? []
                lines.append("stopped \(id)\n")
                lines += occurrences.map { "cancelled \($0.id)\n" }
            }
            try Tidings.Pending.rearm(context, database)
            try Terminal.output(lines.joined())
        }
    }

    struct Update: TidingsCommand {
        static let program = "tidings pending update"

        static let configuration = CommandConfiguration(
            abstract: "Reschedule a pending item or change its text; plan then leaves it as you set it.")

        @OptionGroup var options: CommonOptions

        @Argument(help: "The item's id, as listed.")
        var id: String

        @Option(
            help: ArgumentHelp(
                "The new due time: HH:MM (the next time the clock shows it), YYYY-MM-DDTHH:MM (in TZ), +DURATION from now (+10m), or a phrase such as tomorrow 9:00, fri 14:30, next monday 8am, in 1h30m or noon (see tidings add --help). It must come before the item expires.",
                valueName: "time"))
        var at: String?

        @Option(help: ArgumentHelp("The new title (at most 80 characters and 512 bytes).", valueName: "text"))
        var title: String?

        @Option(help: ArgumentHelp("The new body (at most 280 characters and 2,048 bytes; may be empty).", valueName: "text"))
        var body: String?

        func validate() throws {
            guard at != nil || title != nil || body != nil else { throw ValidationError("say what to change: --at, --title or --body") }
        }

        func run(_ context: RunContext) throws {
            var edit = PendingEdit()
            if let at {
                do throws(SpokenTime.Refusal) {
                    edit.dueAt = try WhenText.read(at, now: context.now, zone: context.zone)
                } catch {
                    throw CLIError.usage("--at: \(error.message)")
                }
            }
            do throws(UserText.Problem) {
                if let title { edit.title = try UserText.title(title) }
                if let body { edit.body = try UserText.body(body) }
            } catch {
                throw CLIError.usage(error.description)
            }
            let database = try context.openExistingDatabase()
            if let dueAt = edit.dueAt, edit.body == nil {
                edit.body = try database.notifications(ids: [id])[id]?.bodyMoved(to: dueAt)
            }
            let write = try database.updatePending(id: id, edit: edit, now: context.now, zone: context.zone)
            let updated = try Tidings.Pending.written(write, refusing: "nothing changed")
            try Tidings.Pending.rearm(context, database)
            try Terminal.output(updated.map { PendingView.line($0, format: .text, zone: context.zone) + "\n" }.joined())
        }
    }

    /// Arms the wake-up for what is now due first, as plan does: an item moved earlier, or a
    /// cancelled one the wake-up was armed for. Arming the same time again changes nothing.
    static func rearm(_ context: RunContext, _ database: TidingsDatabase) throws {
        try runBlocking { await WakeUp.rearm(context: context, database: database) }
    }

    /// The items a write changed, or a failure listing why it was refused.
    static func written(_ write: PendingWrite, refusing summary: String) throws(CLIError) -> [NotificationRecord] {
        switch write {
        case .done(let items): return items
        case .refused(let refusals): throw CLIError.failed("\(summary): " + refusals.map(\.description).joined(separator: "; "))
        }
    }
}
