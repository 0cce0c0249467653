import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsStore

extension Tidings {
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the last runs of each program, with outcome and counts.",
            discussion: "deliver runs that found nothing due are not recorded, so that the every-minute run costs nothing.")

        @OptionGroup var options: CommonOptions

        @Option(name: .shortAndLong, help: "How many runs to show.")
        var limit = 20

        @Option(help: ArgumentHelp("Only runs of this program: prefetch, plan, deliver or report.", valueName: "program"))
        var stage: Stage?

        @Option(help: ArgumentHelp("text or json (one object per line).", valueName: "format"))
        var format: LogFormat = .text

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        }

        mutating func run() throws {
            try runProgram("tidings log") {
                let context = try RunContext(program: "tidings log", options: options)
                let runs = try context.openExistingDatabase().recentStageRuns(limit: limit, stage: stage)
                try Terminal.output(runs.map { line(for: $0, zone: context.zone) + "\n" }.joined())
            }
        }

        private func line(for run: StageRun, zone: Zone) -> String {
            switch format {
            case .json:
                var json = JSONLine()
                json.add("stage", run.stage)
                json.add("startedAt", ISOTime.format(run.startedAt, in: zone))
                json.add("durationMs", run.endedAt - run.startedAt)
                json.add("outcome", run.outcome)
                json.add("summary", run.summary)
                return json.string
            case .text:
                let stage = run.stage.padding(toLength: 9, withPad: " ", startingAt: 0)
                let outcome = run.outcome.padding(toLength: 9, withPad: " ", startingAt: 0)
                return "\(ISOTime.format(run.startedAt, in: zone))  \(stage)\(outcome)\(run.endedAt - run.startedAt) ms  \(run.summary)"
            }
        }
    }

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}

extension Stage: ExpressibleByArgument {}
