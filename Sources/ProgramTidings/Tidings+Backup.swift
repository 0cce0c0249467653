import ArgumentParser
import Foundation
import TidingsCLI
import TidingsStore

extension Tidings {
    struct Backup: TidingsCommand {
        static let program = "tidings backup"

        static let configuration = CommandConfiguration(
            abstract: "Copy the database to a new file, safely, even while the other programs run.",
            discussion: """
                Uses SQLite's backup API, so the copy is consistent whatever runs meanwhile. The copy \
                is checked (PRAGMA quick_check) before it takes its name, gets mode 0600, and never \
                replaces an existing file. To restore, stop the timers and move the copy over the \
                database (and delete the -wal and -shm files beside it).

                A store on PostgreSQL (--db postgresql://…) is backed up by the server's own \
                tools, which this command names: pg_dump for a copy, continuous archiving for a \
                copy to any moment.

                Exit status: 0 copied, 1 the copy could not be made (the file exists, the disk is \
                full, the database is damaged), 64 usage or config error.
                """)

        @OptionGroup var options: CommonOptions

        @Argument(help: ArgumentHelp("The new file to write.", valueName: "file"))
        var file: String

        func run(_ context: RunContext) throws {
            if context.isPostgreSQL {
                throw CLIError.failed(
                    "the store is on PostgreSQL (\(context.databaseName)), whose backups are the server's own job: "
                        + "run pg_dump --format=custom --file=\(file) '\(context.databaseForChildren)' for a copy (pg_restore restores it), "
                        + "or set up continuous archiving (see \"Running Tidings on several machines\" in the manual)")
            }
            guard FileManager.default.fileExists(atPath: context.databasePath) else {
                throw CLIError.failed("no database at \(context.databasePath): nothing to back up (see --db)")
            }
            let pages = try context.openDatabase().backup(to: file)
            try Terminal.output("Backed up \(context.databasePath) to \(file) (\(pages) pages, checked)\n")
        }
    }
}
