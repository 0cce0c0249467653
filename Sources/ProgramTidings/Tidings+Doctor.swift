import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver
import TidingsDoctor
import TidingsProcess
import TidingsStore

extension Tidings {
    struct Doctor: AsyncTidingsCommand {
        static let program = "tidings doctor"
        static let brokenConfig: BrokenConfigPolicy = .diagnose

        static let configuration = CommandConfiguration(
            abstract: "Check the whole install and say how to fix what is wrong.",
            discussion: """
                Checks the config, the database, the last run of each program, the age of the \
                newest content, the language model and the image cache when they are turned on, \
                the language of the text when the locale asks for one the templates do not speak, \
                the state of every channel (for the desktop: the notification daemon's name and \
                capabilities) and whether cron or systemd starts the pipeline. Each source whose \
                last fetch failed gets a ✗ line with since when it fails and the last reason. One \
                line per check, ✓ or ✗, with the fix.

                Doctor creates nothing: without a database at the path, the database check fails \
                and the others are still made. A config file with an error fails the config check \
                (with its line); the others are made with its last good version, else the \
                built-in defaults.

                Exit status: 0 when every check passes, 1 otherwise (a config error too), 64 for a usage error.
                """)

        @OptionGroup var options: CommonOptions

        @Option(help: ArgumentHelp("text or json (one object per check, in an array).", valueName: "format"))
        var format: DoctorFormat = .text

        func run(_ context: RunContext) async throws {
            // Doctor creates nothing and changes nothing: a missing database, or one it cannot
            // read (an older schema, which it does not migrate), is one failed check among the others.
            let (database, databaseError) = try Tidings.doctorDatabase(context)
            let factory = ChannelFactory(context: context)
            let crontab = await BoundedProcess(environment: Environment.current, limit: .seconds(3)).output("crontab", ["-l"])
            var diagnosis = Diagnosis(
                config: context.config, configOrigin: context.configOrigin,
                configError: context.configProblem.map { ($0.error, $0.fix) }, database: database,
                databasePath: context.databaseName,
                missingDatabaseFix: "run prefetch and plan first (or tidings init), or check \(context.databasePathOrigin)",
                databaseError: databaseError,
                channels: ChannelCheck(config: context.config, factory: factory), now: context.now, zone: context.zone,
                environment: Environment.current, mediaFolder: context.places.mediaFolder)
            diagnosis.caldavFolder = context.places.caldavFolder
            let findings = await diagnosis.run(scheduling: .detect(environment: Environment.current, crontab: crontab))
            try Terminal.output(DoctorView.render(findings, format: format))
            if !findings.allSatisfy(\.ok) { throw ExitCode(1) }
        }
    }

    /// The database for the doctor's checks, or why it could not be read.
    static func doctorDatabase(_ context: RunContext) throws(CLIError) -> (TidingsDatabase?, StoreError?) {
        do {
            return (try context.openDatabaseForReadingIfPresent(), nil)
        } catch {
            guard case .store(let problem) = error else { throw error }
            return (nil, problem)
        }
    }

    enum DoctorFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}

/// How findings look.
enum DoctorView {
    static func render(_ findings: [Finding], format: Tidings.DoctorFormat) -> String {
        switch format {
        case .json:
            return jsonArray(
                findings.map { finding in
                    var json = JSONLine()
                    json.add("check", finding.check)
                    json.add("ok", finding.ok)
                    json.add("detail", finding.detail)
                    json.add("fix", finding.fix)
                    return json.string
                }) + "\n"
        case .text:
            let width = findings.map(\.check.count).max() ?? 0
            return findings.map { finding in
                var line = "\(finding.ok ? "✓" : "✗") \(finding.check.padding(toLength: width, withPad: " ", startingAt: 0))  \(finding.detail)"
                if let fix = finding.fix { line += "\n  \(String(repeating: " ", count: width))  fix: \(fix)" }
                return line + "\n"
            }.joined()
        }
    }
}
