import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsStore

extension Tidings {
    struct Log: TidingsCommand {
        static let program = "tidings log"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "Show the last runs of each program, with outcome and counts.",
            discussion: """
                deliver runs that found nothing due are not recorded, so that the every-minute run costs nothing.

                By default it shows the runs of prefetch, plan and deliver, and the report runs \
                that failed: report runs by hand and hourly for monitoring, and its runs would \
                push the pipeline's own out of view. --stage report shows the report runs, \
                --all every run of every program.

                Under the newest prefetch run shown, each source of the config whose last attempt failed is named \
                with its last reason, since when it fails and how many attempts failed since \
                (in JSON, that run's failingSources).

                Exit status: 0 shown, 1 when there is no database (nothing is created) or it cannot be read, \
                64 usage error, or a config error with no last good config (with one, it goes on with it).
                """)

        @OptionGroup var options: CommonOptions

        @Option(name: .shortAndLong, help: "How many runs to show.")
        var limit = 20

        @Option(help: ArgumentHelp("Only runs of this program: prefetch, plan, deliver or report.", valueName: "program"))
        var stage: Stage?

        @Flag(help: "Show the runs of every program, report's that ended ok too.")
        var all = false

        @Option(help: ArgumentHelp("text or json (one object per line).", valueName: "format"))
        var format: LogFormat = .text

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
            if all, stage != nil { throw ValidationError("--all shows every program's runs; leave out --stage") }
        }

        func run(_ context: RunContext) throws {
            let database = try context.openDatabaseForReading()
            let runs = try stage != nil || all ? database.recentStageRuns(limit: limit, stage: stage) : database.recentPipelineRuns(limit: limit)
            // The sources' state is that of the last attempts, which the newest prefetch run made.
            let newestPrefetch = runs.firstIndex { $0.stage == .prefetch }
            let failing = newestPrefetch == nil ? [] : try database.failingSources(among: Set(context.config.sources.map(\.name)))
            try Terminal.output(
                runs.indices.map { index in
                    line(for: runs[index], failing: index == newestPrefetch ? failing : [], zone: context.zone) + "\n"
                }.joined())
        }

        private func line(for run: StageRun, failing: [SourceFailure], zone: Zone) -> String {
            switch format {
            case .json:
                var json = JSONLine()
                json.add("stage", run.stage)
                json.add("startedAt", ISOTime.format(run.startedAt, in: zone))
                json.add("durationMs", run.endedAt - run.startedAt)
                json.add("outcome", run.outcome)
                json.add("summary", run.summary)
                if run.stage == .prefetch, !failing.isEmpty {
                    json.add(
                        "failingSources",
                        json: jsonArray(
                            failing.map { failure in
                                var source = JSONLine()
                                source.add("source", failure.source)
                                source.add("since", ISOTime.format(failure.since, in: zone))
                                source.add("attempts", failure.attempts)
                                source.add("outcome", failure.outcome)
                                source.add("reason", failure.reason)
                                return source.string
                            }))
                }
                return json.string
            case .text:
                let stage = run.stage.description.padding(toLength: 9, withPad: " ", startingAt: 0)
                let outcome = run.outcome.description.padding(toLength: 9, withPad: " ", startingAt: 0)
                let line = "\(ISOTime.format(run.startedAt, in: zone))  \(stage)\(outcome)\(run.endedAt - run.startedAt) ms  \(run.summary)"
                return ([line] + failing.map { "    " + $0.summary(in: zone) }).joined(separator: "\n")
            }
        }
    }

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}

extension Stage: ExpressibleByArgument {}
