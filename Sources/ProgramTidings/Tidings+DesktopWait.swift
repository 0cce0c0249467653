import ArgumentParser
import TidingsDeliver

extension Tidings {
    /// The desktop channel's waiter, one per popup, started by `deliver`; not for people.
    struct DesktopWait: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "desktop-wait",
            abstract: "Show one desktop popup and record what the user did with it.",
            shouldDisplay: false)

        @Option(help: ArgumentHelp("The database to record the engagement in.", valueName: "path"))
        var db: String

        @Option(help: ArgumentHelp("The notification's id.", valueName: "id"))
        var id: String

        @Option(name: .customLong("expire-ms"), help: ArgumentHelp("When the popup expires, in milliseconds.", valueName: "ms"))
        var expireMs: Int64

        @Option(help: ArgumentHelp("The link to open when the popup is tapped.", valueName: "url"))
        var link: String?

        @Option(help: ArgumentHelp("The notification's revision this popup shows.", valueName: "n"))
        var revision = 0

        @Option(
            name: .customLong("repeat"),
            help: ArgumentHelp("Which repeat of a nagging notification this popup shows (0: its delivery).", valueName: "n"))
        var nagRepeat = 0

        @Argument(parsing: .postTerminator, help: ArgumentHelp("The notify-send command, after --.", valueName: "command"))
        var command: [String] = []

        func run() throws {
            let status = DesktopWaiter.run(
                databasePath: db, notification: (id, revision), nagRepeat: nagRepeat, expireMs: expireMs, link: link, command: command)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
