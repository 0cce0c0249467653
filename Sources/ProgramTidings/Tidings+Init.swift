import ArgumentParser
import Foundation
import TidingsCLI
import TidingsCore
import TidingsDeliver
import TidingsTimers

extension Tidings {
    struct Init: AsyncTidingsCommand {
        static let program = "tidings init"
        /// init creates the config file, so one named but not there yet is no error.
        static let allowsMissingConfig = true

        static let configuration = CommandConfiguration(
            abstract: "Set Tidings up: the config, the desktop check, the daily time, the timers, a first run and a test notification.",
            discussion: """
                Says what Tidings does, checks that desktop notifications reach you, records \
                this desktop session for deliver runs that cron starts (session.env beside the \
                database), creates the config file from the template when it is missing and sets \
                the daily time, installs the timers, runs a first prefetch and plan and prints \
                the next notifications, sends a test notification and prints the tips that \
                matter on Linux. In a terminal it asks for the daily time, the timers and the \
                test; with --yes, or when standard input is not a terminal, it asks nothing and \
                does only what the flags say (no timers without --timers). Running it again \
                changes nothing that is already in place.

                The template (tidings.toml) and the systemd units are looked for in \
                $TIDINGS_SHARE, in ../share/tidings beside the program as it was invoked (a \
                link is not followed), then beside the resolved program, in the source tree's \
                config/, in /usr/local/share/tidings and /usr/share/tidings. The timers run the \
                programs by the path they were invoked by (PREFIX/bin/deliver). A config without \
                a content source has the daily update off unless it says [daily] enabled = true. \
                A source that fails in the first prefetch is a warning: the timers fetch again.

                --timers cron puts a block between marker comments into your crontab (crontab -l, \
                then crontab -), replacing an earlier one and keeping every other line. --timers \
                systemd writes the units to $XDG_CONFIG_HOME/systemd/user with the programs' \
                absolute paths, then runs systemctl --user daemon-reload and enable --now for \
                the timers. With features.realtime_push on and a [realtime] url, both also \
                start tidings listen: the tidings-listen.service user unit, enabled and started, \
                or an @reboot line in the block; with the flag off they take it out again. \
                --record-session only records the session, printing nothing: the form for a \
                login autostart.

                A machine with no desktop session at all (no session bus: a server) is no \
                failure: the desktop's items go to the inbox. --timers none removes the timers \
                an earlier init installed; without --timers they stay, and init says which are \
                installed. A systemd setup that fails removes the unit files it wrote.

                Exit status: 0 done, 1 a step failed (the config template not found, a desktop \
                that is there but fails, outside the desktop session of a machine that has one \
                while the desktop channel is on, a timer install, the first plan, the test \
                notification), 64 usage or config error.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(help: "Only record the session, printing nothing: the form for a login autostart.")
        var recordSession = false

        @Flag(name: [.customShort("y"), .long], help: "Ask nothing: take the flags and the defaults.")
        var yes = false

        @Option(help: ArgumentHelp("The daily update's local time, HH:MM, written to the config file.", valueName: "time"))
        var dailyTime: String?

        @Option(help: ArgumentHelp("What starts the pipeline: cron or systemd; none removes what an earlier init installed.", valueName: "kind"))
        var timers: TimerKind?

        @Option(
            help: ArgumentHelp(
                "With --timers: the hourly report writes its Prometheus textfile here (DIR/tidings.prom), the folder node_exporter's --collector.textfile.directory reads; default: the folder an earlier init chose, else beside the database.",
                valueName: "dir"))
        var prometheusDir: String?

        @Flag(help: "Send no test notification.")
        var noTest = false

        func validate() throws {
            if let prometheusDir, prometheusDir.isEmpty || prometheusDir.contains(where: \.isNewline) {
                throw ValidationError("--prometheus-dir: expected a folder, found \"\(prometheusDir)\"")
            }
            if let dailyTime, WallTime(dailyTime) == nil {
                throw ValidationError("--daily-time: expected a time as HH:MM (24-hour clock), found \"\(dailyTime)\"")
            }
        }

        func run(_ context: RunContext) async throws {
            if recordSession {
                _ = try Self.record(context)
                return
            }
            var onboarding = Onboarding(context: context, options: options, interactive: !yes && isatty(STDIN_FILENO) == 1)
            let failed = try await onboarding.run(
                dailyTime: dailyTime.flatMap { WallTime($0) }, timers: timers, prometheusFolder: prometheusDir, test: !noTest)
            if failed { throw ExitCode(1) }
        }

        /// Records the session in `session.env`; returns the file and its text.
        static func record(_ context: RunContext) throws(CLIError) -> (path: String, text: String) {
            do {
                let recorded = try RecordedSession.record(environment: Environment.current, databasePath: context.localStem)
                context.narrate("recorded the session in \(recorded.path)")
                return recorded
            } catch {
                throw CLIError.failed("\(error)")
            }
        }
    }
}

extension TimerKind: ExpressibleByArgument {}
