import ArgumentParser
import Foundation
import TidingsCLI
import TidingsCore
import TidingsReport
import TidingsStore

public struct ReportCommand: TidingsCommand {
    public static let program = "report"
    public static let brokenConfig: BrokenConfigPolicy = .lastGood

    public static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Tell how well the pipeline works: fetch success, delivery, engagement and stale-content rates.",
        discussion: """
            Rates (over the window, n/a or null when nothing was counted):
              fetch success   (ok + not_modified) / fetch attempts started in the window
              delivery        delivered / (delivered + missed + failed + expired),
                              items due in the window
              engagement      notifications tapped / notifications that reached desktop
                              or inbox, each counted once however many it reached
              stale content   (stale + emergency) / delivered, items due in the window

            --by channel adds the sends of items due in the window per channel: delivered, \
            failed and retried, with the failure reasons grouped on their first 80 characters. \
            Missed and expired items reach no channel and are left out of it.

            Prometheus output says when each stage last succeeded \
            (tidings_stage_last_success_timestamp_seconds). With --format nagios a stage of \
            [monitoring] not seen succeeding for twice its expected interval is WARNING, four \
            times CRITICAL. The Nagios line also names each failing source of the config, with \
            since when it fails and its last reason.

            report only reads: it creates no database. Without one at the path it fails \
            ("no database at PATH"; with --format nagios, TIDINGS UNKNOWN). When the \
            store's PostgreSQL server cannot be reached, the Nagios line is TIDINGS CRITICAL, \
            naming the server (exit 2).

            Exit status: 0 done; with --format nagios 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN \
            (also when there is no database; CRITICAL when the store's server is out of reach); 64 usage error, or a config error with no last good \
            config; 1 failure, or no database. A config error with a last good config is shown \
            in every format (nagios: WARNING) and the report goes on with that config.
            """)

    @OptionGroup public var options: CommonOptions

    @Option(help: ArgumentHelp("Start of the window: a duration back from --until (7d, 24h) or an ISO 8601 time.", valueName: "when"))
    var since = "7d"

    @Option(help: ArgumentHelp("End of the window, ISO 8601 (default: now).", valueName: "time"))
    var until: String?

    @Option(help: ArgumentHelp("table, json, prometheus or nagios.", valueName: "format"))
    var format: ReportFormat = .table

    @Option(
        help: ArgumentHelp(
            "Break the sends down by this: channel (a section per channel with its failure reasons; not with nagios).",
            valueName: "what"))
    var by: ReportBreakdown?

    @Option(help: ArgumentHelp("Write to this file atomically instead of stdout (for node_exporter's textfile collector).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("nagios: WARNING when the fetch success or delivery rate is below this.", valueName: "ratio"))
    var warn = 0.95

    @Option(help: ArgumentHelp("nagios: CRITICAL when the fetch success or delivery rate is below this.", valueName: "ratio"))
    var crit = 0.8

    public func validate() throws {
        guard (0...1).contains(warn), (0...1).contains(crit) else { throw ValidationError("--warn and --crit are ratios from 0 to 1") }
        guard crit <= warn else { throw ValidationError("--crit (\(crit)) must not be above --warn (\(warn))") }
        if let by, format == .nagios {
            throw ValidationError("--by \(by.rawValue) is shown by --format table, json or prometheus, not nagios")
        }
    }

    public init() {}

    /// With --format nagios a failure is the UNKNOWN line.
    public func failureAnswer(_ message: String) -> (line: String, status: Int32)? {
        format == .nagios ? Report.nagiosUnknown(message) : nil
    }

    public func run(_ context: RunContext) throws {
        let end =
            try until.map { text throws(CLIError) in
                guard let instant = ISOTime.parse(text, in: context.zone) else {
                    throw CLIError.usage("--until: expected an ISO 8601 time, found \"\(text)\"")
                }
                return instant
            } ?? context.now
        let start = try ISOTime.parse(since, in: context.zone) ?? end - durationOption(since, flag: "--since")
        guard start < end else { throw CLIError.usage("--since must be before --until") }
        var report: Report
        do {
            let database = try context.openExistingDatabase()
            report = try Report.generate(
                database: database, since: start, until: end,
                engagementChannels: ChannelName.engagementChannels, breakdown: by,
                sources: Set(context.config.sources.map(\.name)), now: context.now)
        } catch {
            // The store's server gone is CRITICAL on the Nagios line, not UNKNOWN: nothing runs.
            guard format == .nagios, let gone = Self.unreachable(error) else { throw error }
            Terminal.error(program: Self.program, gone.description)
            // libpq's reason, which the line gives after the server's name.
            var reason = gone.message.hasPrefix("open failed: ") ? String(gone.message.dropFirst("open failed: ".count)) : gone.message
            if reason.hasSuffix(StoreError.serverGoneNote) { reason.removeLast(StoreError.serverGoneNote.count) }
            let (line, status) = Report.nagiosUnreachable(server: context.databaseName, reason: reason)
            try Terminal.output(line)
            throw ExitCode(status)
        }
        report.configError = context.configProblem?.error.description
        let text: String
        var status: Int32 = 0
        switch format {
        case .table: text = report.table(zone: context.zone)
        case .json: text = report.json(zone: context.zone)
        case .prometheus: text = report.prometheus(generatedAt: context.now)
        case .nagios:
            (text, status) = report.nagios(
                warn: warn, crit: crit, expected: context.config.monitoring.expected, now: context.now, zone: context.zone)
        }
        if let output {
            try AtomicFile.write(text, to: output)
        } else {
            try Terminal.output(text)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

extension ReportCommand {
    /// The store error of `error` when it says the PostgreSQL server is out of reach.
    static func unreachable(_ error: any Error) -> StoreError? {
        switch error {
        case let error as StoreError where error.isUnreachable: error
        case CLIError.store(let error) where error.isUnreachable: error
        default: nil
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension ReportBreakdown: ExpressibleByArgument {}
