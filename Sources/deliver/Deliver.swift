import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver

@main
struct Deliver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Send the notifications that are due now. Never uses the network for content.",
        discussion: """
            Items due longer ago than delivery.grace become missed and are not sent. Due items \
            are claimed atomically, so runs that overlap send each item once. With nothing due \
            it prints nothing, writes nothing and exits 0: run it every minute.

            Exit status: 0 done (also when nothing was due), 64 usage or config error, 1 failure \
            (the database, or no due item could be sent).
            """)

    @OptionGroup var options: CommonOptions

    @Option(help: ArgumentHelp("The channel to send to. Only stdout so far.", valueName: "name"))
    var channel = "stdout"

    @Option(help: ArgumentHelp("How the stdout channel prints: text, or json (one object per line).", valueName: "format"))
    var format: OutputFormat = .text

    func validate() throws {
        guard channel == "stdout" else { throw ValidationError("--channel: unknown channel \"\(channel)\"; available: stdout") }
    }

    mutating func run() throws {
        try runProgram("deliver") {
            let context = try RunContext(program: "deliver", options: options)
            let database = try context.openDatabase()
            let stdout = StdoutChannel(format: format, zone: context.zone)
            let outcome = try Deliverer(database: database, config: context.config, channel: stdout)
                .run(now: context.now, zone: context.zone)
            context.narrate(outcome.idle ? "nothing due" : outcome.summary)
            if outcome.stageOutcome == .failed { throw CLIError.failed(outcome.summary) }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
