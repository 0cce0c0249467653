import ArgumentParser
import TidingsCore

/// The options every program takes, each also settable through the environment.
public struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database: a SQLite file, or a postgresql:// URL without its password (env TIDINGS_DB; default $XDG_STATE_HOME/tidings/tidings.sqlite).",
            valueName: "path|url"))
    public var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The TOML config file (env TIDINGS_CONFIG; default $XDG_CONFIG_HOME/tidings/config.toml; absent means built-in defaults).",
            valueName: "path"))
    public var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A fixed clock, ISO 8601 such as 2026-11-22T07:30:00+01:00; without an offset it is read in TZ (env TIDINGS_NOW).",
            valueName: "time"))
    public var now: String?

    @Flag(name: .shortAndLong, help: "Say what the run does on standard error.")
    public var verbose = false

    public init() {}

    public mutating func validate() throws {
        let environment = Environment.current
        if let text = now ?? environment["TIDINGS_NOW"], ISOTime.parse(text, in: .current) == nil {
            throw ValidationError("--now: expected an ISO 8601 time such as 2026-11-22T07:30:00+01:00, found \"\(text)\"")
        }
    }
}
