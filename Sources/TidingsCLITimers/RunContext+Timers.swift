import TidingsCLI
import TidingsCore
import TidingsStore
import TidingsTimers

// The timers take plain values; these build them from a program's run.

extension ProgramCommand {
    /// The programs beside this one, for the timers of the run of `context` (see `forTimers`).
    public init(context: RunContext) {
        self = .forTimers(folder: Places.programFolder, database: context.databaseForChildren, config: context.configPath)
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

extension Setup {
    /// Setup for the run of `context` (its config file, database, places,
    /// `delivery.wake` and `features.realtime_push`), running outside programs in `environment`.
    public init(context: RunContext, environment: [String: String]) {
        let places = context.places
        self.init(
            configPath: context.configPath, databasePath: context.databaseForChildren, localStem: context.localStem,
            programFolder: Places.programFolder,
            exactWakeUps: context.config.delivery.wake != .minute, configHome: places.configHome,
            sharedFile: { places.sharedFile($0) }, sharedFolders: places.sharedFoldersText, environment: environment)
        listens = context.config.features.realtimePush && context.config.realtime != nil
    }
}
