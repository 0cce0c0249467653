import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsPlan
import TidingsStore

extension Tidings.Inbox {
    struct Snooze: TidingsCommand {
        static let program = "tidings inbox snooze"

        static let configuration = CommandConfiguration(
            abstract: "Hide an unread item and deliver it again, through its channels, after a while.",
            discussion: """
                The item leaves the unread list at once and is due again DURATION from now \
                (rounded down to the minute): the next deliver run after that sends it again on \
                every channel of its route, as an update of what they showed. plan leaves the new \
                time alone. report counts snoozes beside taps, outside the engagement rate. An item \
                that would expire first (the reminder of a meeting that begins sooner) is refused, \
                and so is a test notification.
                """)

        @OptionGroup var options: CommonOptions

        @Argument(help: "The item's id, as listed (e.g. daily:2026-11-22).")
        var id: String

        @Argument(help: ArgumentHelp("How long to snooze it: 10m, 1h30m, 1d (at least 1m).", valueName: "duration"))
        var duration: String

        func run(_ context: RunContext) throws {
            let until: EpochMillis
            do throws(ReminderTime.Problem) {
                until = try ReminderTime.after(duration, now: context.now)
            } catch {
                throw CLIError.usage("expected a duration of at least a minute, such as \"10m\" or \"1h\", found \"\(duration)\"")
            }
            let database = try context.openExistingDatabase()
            // "from 1 day ago" was true when it was shown; say what is true when it comes back.
            let body = try database.notifications(ids: [id])[id]?.bodyMoved(to: until)
            let write = try database.snooze(id: id, until: until, body: body, now: context.now, zone: context.zone)
            let snoozed = try Tidings.Pending.written(write, refusing: "not snoozed")
            try Tidings.Pending.rearm(context, database)
            try Terminal.output(snoozed.map { "snoozed \($0.id) until \(PendingView.time($0.dueAt, zone: context.zone))\n" }.joined())
        }
    }
}
