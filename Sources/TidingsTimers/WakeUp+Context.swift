import TidingsCLI
import TidingsCore
import TidingsStore

extension ProgramCommand {
    /// The programs beside this one, with `--db` and `--config` when `context` did not use
    /// the default places.
    public init(context: RunContext) {
        let config = context.configOrigin == "built-in defaults" || context.configOrigin == context.places.defaultConfig
            ? nil : context.configOrigin
        self.init(
            folder: Places.programFolder,
            database: context.databasePath == context.places.defaultDatabase ? nil : context.databasePath, config: config)
    }
}

extension WakeUp {
    /// Arms the next wake-up for the run of `context` and says on standard error, in one
    /// line, when the exact mechanisms failed; narrates the result with `--verbose`.
    public static func rearm(context: RunContext, database: TidingsDatabase) async {
        let (state, problems) = await rearm(
            database: database, wake: context.config.delivery.wake, deliver: ProgramCommand(context: context).command("deliver"),
            now: context.now, zone: context.zone, environment: Environment.current)
        if !problems.isEmpty {
            Terminal.warning(program: context.program, "exact wake-up: \(problems.joined(separator: "; ")); using \(state.summary(in: context.zone))")
        }
        context.narrate("wake-ups: \(state.summary(in: context.zone))")
    }
}
