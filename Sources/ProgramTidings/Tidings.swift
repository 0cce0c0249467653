import ArgumentParser

public struct Tidings: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "Tidings for the person at the keyboard: setup (init), the inbox, pending notifications, the next meeting (next, join), doctor, tests, the log, backup and purge.",
        discussion: "Exit status: 0 done, 64 usage or config error, 1 failure.",
        version: "0.1.0",
        subcommands: [Backup.self, Doctor.self, Init.self, Inbox.self, Join.self, Links.self, Log.self, Next.self, Pending.self, Purge.self, Test.self, DesktopWait.self])

    public init() {}
}

extension Tidings {
    /// Parses the command line and runs the command it names, as `@main` would: the entry of
    /// the `tidings` program and of the multi-call binary.
    public static func start() async {
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
