import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsDeliver

extension Tidings {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record this desktop session so that deliver, started by cron, can reach it.",
            discussion: """
                cron starts deliver without the session's variables. Where the session bus has \
                no socket on a standard path (OpenRC, Void, a bare X session: an abstract \
                D-Bus socket), deliver cannot guess it. Run this from a terminal inside your \
                desktop session: it writes DBUS_SESSION_BUS_ADDRESS, DISPLAY, WAYLAND_DISPLAY \
                and XAUTHORITY to session.env beside the database (mode 0600), and prints the \
                line that refreshes the record at each login. deliver uses a recorded value only \
                when its own environment has none and the standard paths find nothing.

                Exit status: 0 recorded, 1 not inside a desktop session or the file cannot be \
                written, 64 usage or config error.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(help: "Only record the session, printing nothing: the form for a login autostart.")
        var recordSession = false

        mutating func run() throws {
            let quiet = recordSession
            try runProgram("tidings init") {
                let context = try RunContext(program: "tidings init", options: options)
                let (path, text): (String, String)
                do {
                    (path, text) = try RecordedSession.record(environment: Environment.current, databasePath: context.databasePath)
                } catch {
                    throw CLIError.failed("\(error)")
                }
                context.narrate("recorded the session in \(path)")
                guard !quiet else { return }
                let program = Places.programFolder + "/tidings"
                var db = ""
                if options.db != nil || Environment.current["TIDINGS_DB"] != nil { db = " --db \(shellQuoted(context.databasePath))" }
                try Terminal.output("""
                    Recorded the desktop session in \(path):
                    \(text.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))

                    It changes at each login. To refresh it then, add this line to your session's \
                    autostart (~/.xprofile, ~/.xinitrc before the window manager starts, or the \
                    window manager's autostart file):
                      \(shellQuoted(program)) init --record-session\(db)

                    """)
            }
        }

        private func shellQuoted(_ text: String) -> String {
            text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:=@".contains($0) }
                ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}
