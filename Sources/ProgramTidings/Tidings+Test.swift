import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver

extension Tidings {
    struct Test: AsyncTidingsCommand {
        static let program = "tidings test"

        static let configuration = CommandConfiguration(
            abstract: "Send one test notification through every enabled channel and say what happened.",
            discussion: """
                The test notification (category transactional, id test:<time>) is recorded like \
                any other delivery, so it counts in the rates and the inbox keeps it (tidings \
                inbox --all), though never as unread. stdout is \
                left out unless --stdout is given. While the desktop's do-not-disturb is on, the \
                desktop shows nothing and the test goes to the inbox, as deliver does.

                Exit status: 0 when every channel took it (or held it for do-not-disturb), 1 \
                otherwise, 64 for a usage or config error.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(help: "Print the test notification on stdout too.")
        var stdout = false

        func run(_ context: RunContext) async throws {
            var allDelivered = true
            let database = try context.openDatabase()
            let factory = ChannelFactory(context: context)
            let reports = try await ChannelCheck(config: context.config, factory: factory)
                .sendTest(database: database, now: context.now, includeStdout: stdout)
            for report in reports {
                let line: String
                switch report.outcome {
                case .delivered?: line = "✓ \(report.name): delivered"
                case .failed(let reason)?, .unavailable(let reason)?, .noSession(let reason)?, .transient(let reason, _)?, .notSent(let reason)?:
                    allDelivered = false
                    line = "✗ \(report.name): \(reason)"
                case nil:
                    // Do-not-disturb: nothing was sent, and that is no failure.
                    guard case .quiet(let reason) = report.state else { continue }
                    line = "– \(report.name): not shown: \(reason)"
                }
                Terminal.standardError(line + "\n")
            }
            if !allDelivered { throw ExitCode(1) }
        }
    }
}
