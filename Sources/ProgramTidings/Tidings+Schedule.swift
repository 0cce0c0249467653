import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsPlan
import TidingsStore

extension Tidings {
    struct Schedule: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look at a remote schedule as plan reads it (show).",
            discussion: """
                A remote schedule is a [[sources]] entry with type = "schedule"; see "Remote \
                schedules" in the manual (docs/schedules.md).
                """,
            subcommands: [Show.self])
    }
}

extension Tidings.Schedule {
    struct Show: TidingsCommand {
        static let program = "tidings schedule show"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "Show a remote schedule kept in the database, parsed and checked, with each entry's due date.",
            discussion: """
                Read from the database only (what prefetch kept last): nothing is fetched. It \
                shows the schedule's version, the day its days count from (when the version was \
                first seen), its time and weekdaysOnly, and each entry: when it is due, the day \
                it fell on before a weekend shift, quiet hours applied, what became of its \
                notification (pending, delivered, …; unplanned while it lies beyond the plans so \
                far; skipped when its time passed before a plan saw it; elsewhere when an earlier \
                schedule keeps its id) and its text. When the last fetch failed, the failure is \
                shown above the last good schedule. prefetch --verbose shows the JSON as it \
                arrives. Exit status: 0 shown; 1 nothing kept yet, or no database; 64 no schedule \
                of that name.
                """)

        @OptionGroup var options: CommonOptions

        @Argument(help: ArgumentHelp("The schedule source's name ([[sources]] name).", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("text, or json (one object: the schedule and its entries).", valueName: "format"))
        var format: ScheduleFormat = .text

        func run(_ context: RunContext) throws {
            let database = try context.openDatabaseForReading()
            guard
                let overview = try ScheduleOverview.read(
                    name, config: context.config, database: database, zone: context.zone, now: context.now)
            else {
                let known = context.config.sources.filter { $0.type == .schedule }.map(\.name)
                throw CLIError.usage(
                    "no schedule named \(name): "
                        + (known.isEmpty ? "the config has no schedule source" : "the schedule sources are \(known.joined(separator: ", "))"))
            }
            try Terminal.output(ScheduleView.render(overview, format: format, now: context.now, zone: context.zone))
            if overview.cached == nil {
                throw CLIError.failed("schedule \(name): nothing kept yet: prefetch has not fetched it successfully")
            }
        }
    }

    enum ScheduleFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}
