import Foundation
import TidingsCLI
import TidingsCore
import TidingsStore

extension ProgramCommand {
    /// The programs beside this one, always with the absolute `--db`, and with `--config`
    /// whenever the config file exists: cron, the systemd user manager and systemd-run start
    /// them without this run's `XDG_*` variables, so the default places could differ there.
    public init(context: RunContext) {
        let config = FileManager.default.fileExists(atPath: context.configPath) ? context.configPath : nil
        self.init(folder: Places.programFolder, database: context.databasePath, config: config)
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
