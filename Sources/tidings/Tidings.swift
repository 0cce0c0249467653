import ArgumentParser

@main
struct Tidings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "Tidings for the person at the keyboard: the inbox, and what the pipeline did.",
        discussion: "Exit status: 0 done, 64 usage or config error, 1 failure.",
        version: "0.1.0",
        subcommands: [Inbox.self, Log.self])
}
