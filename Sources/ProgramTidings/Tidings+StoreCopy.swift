import ArgumentParser
import Foundation
import TidingsCLI
import TidingsPostgres
import TidingsStore

extension Tidings.Store {
    struct Copy: ParsableCommand {
        static let program = "tidings store copy"

        static let configuration = CommandConfiguration(
            abstract: "Copy a SQLite database into an empty store on PostgreSQL, every table, in one transaction.",
            discussion: """
                Copies every table of the SQLite file (history, the inbox, pending items, \
                reminders, the sources' state and cache, the outbox, the run log, the config's \
                state) into the PostgreSQL database, keeping every id, and moves PostgreSQL's \
                identities past them. It then prints each table's rows on both sides, which it \
                has checked equal; if any differ, nothing is written. An empty database gets the \
                schema first; a database that holds any Tidings rows is refused and left as it \
                is. The source must have this build's schema: run plan on it first.

                The file is opened read-only, and the copy holds the lock files of prefetch, plan \
                and deliver beside it (<file>.prefetch.lock, .plan.lock, .deliver.lock): a run \
                that starts meanwhile ends at once without writing, so runs stopped for the copy \
                lose nothing, and the next run (on the new store) does their work. It refuses to \
                start while one of them runs. Stop the timers first all the same, and do not use \
                tidings add, inbox or pending meanwhile: what they write after the copy began \
                stays in the file only.

                --to takes no password, which every user of this machine could read in the \
                process list: libpq finds it in ~/.pgpass (or PGPASSFILE) or PGPASSWORD; or leave \
                --to out and set TIDINGS_DB to the URL, which may hold it. Afterwards point the \
                programs at the new store (--db or TIDINGS_DB) and run tidings init again to \
                write the timers with it.

                Exit status: 0 copied, 1 refused or failed (nothing written), 64 usage error.
                """)

        @Option(
            help: ArgumentHelp(
                "The SQLite database to copy (default $XDG_STATE_HOME/tidings/tidings.sqlite).", valueName: "file"))
        var from: String?

        @Option(
            help: ArgumentHelp(
                "The PostgreSQL database to copy into, as postgresql://[user@]host[:port]/database, without a password (default TIDINGS_DB).",
                valueName: "url"))
        var to: String?

        mutating func run() throws {
            let from = from
            let to = to
            try runProgram(Self.program) {
                let environment = Environment.current
                let source = from ?? Places(environment: environment).defaultDatabase
                let target = try Self.target(to, environment: environment)
                guard FileManager.default.fileExists(atPath: source) else {
                    throw CLIError.failed("no database at \(source) to copy (see --from)")
                }
                let locks = try ProgramLocks(beside: source, creating: true, doing: "nothing copied")
                defer { locks.release() }
                let copied = try Self.copy(source: source, target: target)
                try Terminal.output(Self.summary(copied, source: source, target: PostgresTarget(target)))
            }
        }

        /// The target: `--to`, which may not hold a password, else `TIDINGS_DB`, which may.
        static func target(_ option: String?, environment: [String: String]) throws(CLIError) -> String {
            if let option {
                guard PostgresTarget.isURL(option) else {
                    throw CLIError.usage(
                        "--to: expected a postgresql:// URL such as postgresql://tidings@db.example.org/tidings, found \"\(option)\"")
                }
                guard PostgresTarget(option).password == nil else {
                    throw CLIError.usage(
                        "--to: the URL holds a password, which every user of this machine can read in the process list; put it in ~/.pgpass (or the file PGPASSFILE names) or PGPASSWORD, or leave --to out and set TIDINGS_DB to the URL"
                    )
                }
                return option
            }
            guard let variable = environment["TIDINGS_DB"], PostgresTarget.isURL(variable) else {
                throw CLIError.usage("--to: name the PostgreSQL database to copy into (postgresql://host/database), or set TIDINGS_DB to it")
            }
            return variable
        }

        /// Opens both stores and copies; an older source schema is told as what to do.
        static func copy(source: String, target: String) throws(CLIError) -> [CopiedTable] {
            let from: TidingsDatabase
            do {
                from = try TidingsDatabase(path: source, mode: .readOnly)
            } catch  where error.isOlderSchema {
                throw CLIError.failed("\(error.description); the copy needs this build's schema: run plan --db \(source) on it first")
            } catch {
                throw CLIError.store(error)
            }
            defer { from.closeConnection() }
            do {
                let into = try TidingsDatabase(postgres: target)
                defer { into.closeConnection() }
                return try from.copy(to: into)
            } catch {
                throw CLIError.store(error)
            }
        }

        /// The table of counts, then what to do next.
        static func summary(_ copied: [CopiedTable], source: String, target: PostgresTarget) -> String {
            let width = max(5, copied.map(\.name.count).max() ?? 0)
            func padded(_ text: String, _ count: Int) -> String { text + String(repeating: " ", count: max(0, count - text.count)) }
            func right(_ number: Int, _ count: Int) -> String { String(repeating: " ", count: max(0, count - String(number).count)) + String(number) }
            var text = "Copied \(source) to \(target.redacted) in one transaction:\n"
            text += padded("table", width) + "  sqlite  postgresql\n"
            for table in copied {
                text += padded(table.name, width) + "  " + right(table.sourceRows, 6) + "  " + right(table.targetRows, 10) + "\n"
            }
            let rows = copied.map(\.sourceRows).reduce(0, +)
            text += "\(copied.count) tables, \(rows) rows, the same on both sides.\n"
            text +=
                "Next: use --db '\(target.withoutPassword)' (or TIDINGS_DB) on every host, and run tidings init there to write the timers with it.\n"
            return text
        }
    }
}
