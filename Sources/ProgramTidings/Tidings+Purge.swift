import ArgumentParser
import Foundation
import TidingsCLI
import TidingsCLITimers
import TidingsDeliver
import TidingsTimers

extension Tidings {
    struct Purge: TidingsCommand {
        static let program = "tidings purge"

        static let configuration = CommandConfiguration(
            abstract: "Delete everything Tidings keeps: the database with its history and cache, and its files.",
            discussion: """
                Deletes the database (with the -wal and -shm files beside it), its reserve file, \
                deliver's heartbeat, the programs' lock files, the last good copy of the config, \
                the recorded desktop session and \
                the media cache ($XDG_CACHE_HOME/tidings/media), the calendars kept parsed \
                ($XDG_CACHE_HOME/tidings/calendars) and what CalDAV sources learned \
                ($XDG_CACHE_HOME/tidings/caldav), after stopping the exact wake-up \
                armed for it (the systemd timer or at job). \
                The config file is yours and stays, and so do the timers tidings init installed; \
                it says so, and tidings init --timers none removes the timers. Asks first when run in a terminal; elsewhere it deletes only with \
                --yes. Refuses while prefetch, plan or deliver is running; stop their timers (and \
                anything that polls tidings inbox) first, or they create a new database at once.

                Exit status: 0 deleted (or nothing to delete), 1 not confirmed, a program still \
                running, or a file that could not be deleted, 64 usage error.
                """)

        @OptionGroup var options: CommonOptions

        @Flag(name: .shortAndLong, help: "Delete without asking.")
        var yes = false

        func run(_ context: RunContext) throws {
            if context.isPostgreSQL {
                throw CLIError.failed(
                    "the store is on PostgreSQL (\(context.databaseName)) and shared by every host that uses it: purge deletes only a SQLite database; "
                        + "to start afresh, stop the timers on every host and drop the database (dropdb), then create it empty again")
            }
            let database = context.databasePath
            let files =
                [
                    "", "-wal", "-shm", "-journal", ".reserve", ".deliver-alive", ".wake", ".wake.lock", ".prefetch.lock", ".plan.lock",
                    ".deliver.lock",
                ]
                .map { database + $0 }
                + [
                    RecordedSession.path(forDatabase: database), context.places.mediaFolder, context.places.preparedCalendarFolder,
                    context.places.caldavFolder,
                ]
                + Self.lastGoodConfigs(beside: database)
            let present = files.filter { FileManager.default.fileExists(atPath: $0) }
            guard !present.isEmpty else {
                try Terminal.output("Nothing to delete.\n")
                try sayWhatStays(context)
                return
            }
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CLIError.failed("not deleting without confirmation: run it in a terminal, or pass --yes")
                }
                Terminal.standardError("This deletes:\n" + present.map { "  \($0)\n" }.joined() + "Delete them? [y/N] ")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    throw CLIError.failed("nothing deleted")
                }
            }
            // No program may be writing meanwhile: take their locks (never waiting).
            let locks = try ProgramLocks(beside: database, creating: false, doing: "nothing deleted")
            defer { locks.release() }
            // A wake-up left armed would start deliver later, which makes a new database.
            let environment = Environment.current
            if let stopped = try runBlocking({ await WakeUp.disarm(databasePath: database, environment: environment) }) {
                let handle = stopped.handle ?? ""
                try Terminal.output(
                    stopped.mechanism == .at ? "Removed the wake-up at job \(handle)\n" : "Stopped the wake-up timer \(handle).timer\n")
            }
            var deleted: [String] = []
            // Stopping it may have made the wake-up lock file: listed again.
            for path in files where FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                    deleted.append(path)
                } catch {
                    throw CLIError.failed("cannot delete \(path): \(error.localizedDescription) (deleted before it: \(deleted.count))")
                }
            }
            // The cache folder goes too when the media and calendars were all it held.
            rmdir(context.places.cacheFolder)
            try Terminal.output(deleted.map { "Deleted \($0)\n" }.joined())
            try sayWhatStays(context)
        }

        /// Says what purge leaves: the config file, and the timers init installed, which
        /// would start a new database at their next run; and how to remove each.
        private func sayWhatStays(_ context: RunContext) throws {
            if FileManager.default.fileExists(atPath: context.configPath) {
                try Terminal.output("Kept your config file \(context.configPath) (delete it by hand to remove it)\n")
            }
            let setup = Setup(context: context, environment: Environment.current)
            let timers = try runBlocking { await setup.installedTimers() }
            if !timers.isEmpty {
                try Terminal.output(
                    "Kept the timers (\(timers.summary)): their next run starts a new database; tidings init --timers none removes them\n")
            }
        }

        /// The last good configs kept beside the database (`tidings.sqlite.config-….toml`).
        static func lastGoodConfigs(beside database: String) -> [String] {
            let folder = (database as NSString).deletingLastPathComponent
            let prefix = (database as NSString).lastPathComponent + ".config-"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".toml") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
        }
    }
}
