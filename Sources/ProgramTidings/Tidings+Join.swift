import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver

extension Tidings {
    struct Join: TidingsCommand {
        static let program = "tidings join"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "Open the join link of the next meeting.",
            discussion: """
                The meeting is the one tidings next shows, read from the database only. Its link \
                is opened as a reminder's Join action opens it: in the meeting's app when the app \
                was installed when the reminder was planned, else in the browser (xdg-open). \
                Exit status: 0 opened (or printed), 1 no meeting with a join link ahead, no \
                database, or the link could not be opened.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(name: .customLong("print"), help: "Print the link instead of opening it.")
        var printOnly = false

        func run(_ context: RunContext) throws {
            let meeting = try Tidings.Next.nextMeeting(context)
            if printOnly {
                try Terminal.output(meeting.link + "\n")
                return
            }
            if let problem = LinkOpener.open(meeting.link, environment: Environment.current) {
                throw CLIError.failed("cannot open the link of \"\(meeting.title)\": \(problem)")
            }
            context.narrate("opened \(meeting.link)")
        }
    }
}
