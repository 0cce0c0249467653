import ArgumentParser
import TidingsCore

public struct Tidings: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract:
            "Tidings for the person at the keyboard: setup (init), reminders of your own (add), the inbox, pending notifications, the next meeting (next, join), remote schedules (schedule show), doctor, tests, the log, backup and purge.",
        discussion: "Exit status: 0 done, 64 usage or config error, 1 failure.",
        version: TidingsVersion.current,
        subcommands: [
            Add.self, Agenda.self, Backup.self, Doctor.self, Init.self, Inbox.self, Join.self, Links.self, Listen.self, Log.self, Next.self,
            Pending.self,
            Purge.self,
            Schedule.self, Store.self,
            Test.self, DesktopWait.self,
        ])

    public init() {}
}

extension Tidings {
    /// Runs the command the command line names, as `@main` would: the entry of the `tidings`
    /// program and of the multi-call binary. In this async context the parser's async entry
    /// point is the one chosen, so async subcommands run.
    public static func start() async {
        await main()
    }
}
