import Foundation
import TidingsCore
import TidingsProcess
import TidingsStore

/// The wake-up step of `plan` and `deliver`: find the next due time, arm one wake-up for it,
/// record how (`WakeState`, beside the database).
public enum WakeUp {
    /// Arms the wake-up for the next due item of `database` and returns the state recorded
    /// and the problems met. `wake` nil means exact when a systemd user manager is reachable,
    /// else the minute timer alone. Never throws: a wake-up that cannot be armed leaves
    /// delivery to the minute timer.
    public static func rearm(
        database: TidingsDatabase, wake: TidingsConfig.Wake?, deliver: [String], now: EpochMillis, zone: Zone,
        environment: [String: String]
    ) async -> (state: WakeState, problems: [String]) {
        // Runs at the same moment (plan and deliver, two plans) take turns: each sees what
        // the one before armed, and leaves it when it is the same.
        let lock = await WakeLock.take(forDatabase: database.localStem)
        defer { lock?.release() }
        let previous = WakeState.read(forDatabase: database.localStem)
        let due: EpochMillis?
        do {
            due = try database.nextDueTime()
        } catch {
            return (previous ?? WakeState(mechanism: .minute), ["cannot find the next due time: \(error)"])
        }
        var problems: [String] = []
        let result: Waker.Result
        if wake == nil && !userManagerReachable(environment) {
            let waker = Waker(deliverCommand: deliver, processes: BoundedProcess(environment: environment), zone: zone)
            await waker.disarm(previous)
            result = Waker.Result(state: WakeState(mechanism: .minute, note: "no systemd user manager reachable"), problems: [])
        } else {
            let processes = BoundedProcess(environment: withRuntimeFolder(environment))
            let log = (ProgramCommand.absolute(database.localStem) as NSString).deletingLastPathComponent + "/deliver.log"
            let waker = Waker(deliverCommand: deliver, logFile: log, processes: processes, zone: zone)
            result = await waker.arm(due: due, now: now, previous: previous, exact: wake != .minute)
        }
        problems += result.problems
        if result.state != previous {
            do {
                try result.state.write(forDatabase: database.localStem)
            } catch {
                problems.append(error.description)
            }
        }
        return (result.state, problems)
    }

    /// Removes the wake-up recorded beside the database at `databasePath` (`tidings purge`,
    /// before the record goes) and returns it; nil when none is armed.
    public static func disarm(databasePath: String, environment: [String: String]) async -> WakeState? {
        let lock = await WakeLock.take(forDatabase: databasePath)
        defer { lock?.release() }
        guard let state = WakeState.read(forDatabase: databasePath), state.handle != nil else { return nil }
        let waker = Waker(deliverCommand: [], processes: BoundedProcess(environment: withRuntimeFolder(environment)), zone: .current)
        await waker.disarm(state)
        return state
    }

    /// Whether this run can reach a systemd user manager: it runs under one (`XDG_RUNTIME_DIR`
    /// set, with the manager's socket in it). cron sets no `XDG_RUNTIME_DIR`: set
    /// `delivery.wake = "exact"` to try systemd-run and at from there.
    public static func userManagerReachable(_ environment: [String: String]) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
    }

    /// `environment` with `XDG_RUNTIME_DIR` set when cron left it out and the user's runtime
    /// folder exists: `systemd-run --user` finds the user manager through it.
    static func withRuntimeFolder(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if environment["XDG_RUNTIME_DIR"].map({ $0.isEmpty }) ?? true {
            let runtime = "/run/user/\(getuid())"
            if FileManager.default.fileExists(atPath: runtime) { environment["XDG_RUNTIME_DIR"] = runtime }
        }
        return environment
    }
}
