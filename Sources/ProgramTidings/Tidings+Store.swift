import ArgumentParser

extension Tidings {
    struct Store: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move the store: copy a SQLite database into PostgreSQL (copy).",
            discussion: """
                A store on PostgreSQL is shared by several machines; see "Running Tidings on \
                several machines" in the manual (docs/several-machines.md).
                """,
            subcommands: [Copy.self])
    }
}
