import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver
import TidingsStore

extension Tidings {
    struct Inbox: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the notifications kept in the inbox.",
            discussion: """
                Items routed to the inbox (and desktop items when the desktop was unavailable) \
                are kept here. Reading one records a tap and opens its link; dismissing records \
                a dismissal. Both count in report's engagement rate. Snoozing hides an \
                item and delivers it again later, through its channels. An item tapped or \
                dismissed on the desktop is read here too; a test notification and the \
                reminder of a meeting that has begun are never unread.
                """,
            subcommands: [List.self, Read.self, Dismiss.self, Snooze.self, Clear.self],
            defaultSubcommand: List.self)
    }
}

extension Tidings.Inbox {
    struct List: TidingsCommand {
        static let program = "tidings inbox"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(abstract: "List unread items, newest first (the default).")

        @OptionGroup var options: CommonOptions

        @Flag(help: "List read and dismissed items too.")
        var all = false

        @Flag(help: "Print only the number of unread items.")
        var count = false

        @Option(
            help: ArgumentHelp(
                "text, json (one object per line) or waybar (the JSON a waybar custom module reads: the unread count as a badge).",
                valueName: "format"))
        var format: InboxFormat = .text

        @Option(name: .shortAndLong, help: "How many items to list at most.")
        var limit = 50

        func run(_ context: RunContext) throws {
            let database = try context.openDatabaseForReading()
            if format == .waybar {
                let unread = try database.inboxItems(includeRead: false, limit: 10, at: context.now)
                try Terminal.output(InboxView.waybar(unread: database.inboxUnreadCount(at: context.now), latest: unread) + "\n")
            } else if count {
                let unread = try database.inboxUnreadCount(at: context.now)
                try Terminal.output("\(unread)\n")
            } else {
                let items = try database.inboxItems(includeRead: all, limit: limit, at: context.now)
                try Terminal.output(items.map { InboxView.line($0, format: format, zone: context.zone) + "\n" }.joined())
            }
        }
    }

    struct Read: TidingsCommand {
        static let program = "tidings inbox read"

        static let configuration = CommandConfiguration(abstract: "Mark an item read (a tap) and open its link.")

        @OptionGroup var options: CommonOptions

        @Argument(help: "The item's id, as listed (e.g. daily:2026-11-22).")
        var id: String

        @Flag(help: "Do not open the link.")
        var noOpen = false

        func run(_ context: RunContext) throws {
            let database = try context.openExistingDatabase()
            guard try database.recordEngagement(notificationId: id, channel: .inbox, engagement: .tapped, at: context.now) else {
                throw CLIError.failed("no unread inbox item \"\(id)\" (see tidings inbox --all)")
            }
            let link = try database.notifications(ids: [id])[id]?.deepLink
            if let link, !noOpen {
                if let problem = LinkOpener.open(link, environment: Environment.current) {
                    Terminal.warning(program: "tidings inbox read", problem)
                }
            }
        }
    }

    struct Dismiss: TidingsCommand {
        static let program = "tidings inbox dismiss"

        static let configuration = CommandConfiguration(abstract: "Dismiss an item without opening it.")

        @OptionGroup var options: CommonOptions

        @Argument(help: "The item's id, as listed.")
        var id: String

        func run(_ context: RunContext) throws {
            guard try context.openExistingDatabase().recordEngagement(notificationId: id, channel: .inbox, engagement: .dismissed, at: context.now)
            else {
                throw CLIError.failed("no unread inbox item \"\(id)\" (see tidings inbox --all)")
            }
        }
    }

    struct Clear: TidingsCommand {
        static let program = "tidings inbox clear"

        static let configuration = CommandConfiguration(abstract: "Dismiss every unread item.")

        @OptionGroup var options: CommonOptions

        func run(_ context: RunContext) throws {
            let cleared = try context.openExistingDatabase().clearInbox(at: context.now)
            context.narrate("dismissed \(cleared) items")
        }
    }

    enum InboxFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, waybar
    }
}
