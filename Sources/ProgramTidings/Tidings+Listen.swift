import ArgumentParser
import Foundation
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsDeliver
import TidingsProcess
import TidingsTimers

extension Tidings {
    struct Listen: TidingsCommand {
        static let program = "tidings listen"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "Listen to the realtime server of [realtime] for urgent alerts (features.realtime_push).",
            discussion: """
                Runs until stopped: subscribes to the ntfy topic (or server-sent events URL) of \
                [realtime] and stores each message as a notification push:<id>. An urgent one \
                (realtime.urgent_priority, realtime.urgent_tags) is transactional: it passes \
                quiet hours, and deliver is run at once to send it; any other waits for the end \
                of quiet hours and goes out with the next deliver run. A message met again \
                (a reconnect that replays) is never shown twice. After a dropped connection it \
                reconnects with backoff and catches up from the last message id it stored. \
                tidings init --timers systemd (or cron) installs it as a user service (or an \
                @reboot line) while the flag is on (docs/channels.md).

                Exit status: 64 when features.realtime_push is off or the config has an error, \
                1 when the HTTP client cannot start; otherwise it runs until stopped.
                """)

        @OptionGroup var options: CommonOptions

        func run(_ context: RunContext) throws {
            guard context.config.features.realtimePush, let settings = context.config.realtime else {
                throw CLIError.usage(
                    "realtime push is off: set realtime_push = true in [features] and give [realtime] url (see docs/configuration.md)")
            }
            let database = try context.openDatabase()
            var deliver = ProgramCommand(context: context).command("deliver")
            if context.clockIsFixed { deliver += ["--now", ISOTime.format(context.now, in: context.zone)] }
            let program = context.program
            let fixed = context.clockIsFixed ? context.now : nil
            let listener = RealtimeListener(
                settings: settings, quietHours: context.config.quietHours, database: database, zone: context.zone,
                environment: Environment.current, clock: { fixed ?? RunContext.realNow() },
                deliverNow: { [deliver] in
                    let outcome = try? runBlocking {
                        await BoundedProcess.run(
                            deliver[0], Array(deliver.dropFirst()), environment: Environment.current, limit: .seconds(300))
                    }
                    if let problem = outcome?.problem { Terminal.warning(program: program, "deliver: \(problem)") }
                },
                log: { line in Terminal.note(program: program, line) })
            do {
                try listener.run()
            } catch {
                throw CLIError.failed("\(error)")
            }
        }
    }
}
