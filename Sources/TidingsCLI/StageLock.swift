import ArgumentParser
import Foundation
import TidingsCore
import TidingsStore

/// The options of the programs that write (prefetch, plan, deliver) about overlapping runs.
public struct LockOptions: ParsableArguments {
    @Flag(help: "When another run of this program still runs, wait for it to end instead of ending at once.")
    public var waitLock = false

    @Option(help: ArgumentHelp("With --wait-lock, the longest wait before giving up with status 1 (default 10m).", valueName: "duration"))
    public var lockTimeout: String?

    public init() {}

    /// How long to wait for the lock: nil not at all, else milliseconds.
    public func wait() throws(CLIError) -> Int64? {
        let timeout = try lockTimeout.map { text throws(CLIError) in try durationOption(text, flag: "--lock-timeout") }
        guard waitLock else {
            if timeout != nil { throw CLIError.usage("--lock-timeout needs --wait-lock") }
            return nil
        }
        return timeout ?? StageLock.defaultWait
    }
}

/// One run of a program at a time on one database: an advisory lock (flock) on
/// `<database>.<program>.lock`, held until the process ends. The file is opened close-on-exec,
/// so that the programs a run starts (the desktop waiters) never hold it.
///
/// On a store on PostgreSQL the file is this machine's (beside `RunContext.localStem`): one
/// run of each program per host. `plan` also takes the store's shared lock `stage plan`, so
/// that one host plans at a time; the other programs share their work through their claims
/// (deliver) and a lock per source (prefetch).
public enum StageLock {
    /// How long `--wait-lock` waits by default.
    public static let defaultWait: Int64 = 10 * 60_000

    /// Takes the lock of `program` for the database of `context`: true when it is held (or
    /// cannot be had at all: the runs' claims keep overlapping runs apart anyway, so a folder
    /// where the lock file cannot be made stops nothing), false when another run holds it and
    /// `wait` is nil (that run is then told on stderr). With `wait`, tries again until the
    /// other run ends, and throws when it still runs after `wait` milliseconds.
    public static func acquire(_ context: RunContext, database: TidingsDatabase, wait: Int64?) throws(CLIError) -> Bool {
        guard try acquireFile(context, wait: wait) else { return false }
        guard context.isPostgreSQL, context.program == "plan" else { return true }
        let deadline = ContinuousClock.now + .milliseconds(wait ?? 0)
        func held() throws(CLIError) -> Bool {
            do {
                return try database.tryLock("stage plan")
            } catch {
                throw CLIError.store(error)
            }
        }
        while try !held() {
            guard let wait else {
                Terminal.note(
                    program: context.program, "another host is planning on \(context.databaseName); this run ends (--wait-lock waits for it)")
                return false
            }
            guard ContinuousClock.now < deadline else {
                throw CLIError.failed(
                    "another host still plans on \(context.databaseName) after \(DurationText.format(wait)) of waiting (--lock-timeout); is it stuck?"
                )
            }
            usleep(50_000)
        }
        return true
    }

    /// The lock file of the program on this machine.
    private static func acquireFile(_ context: RunContext, wait: Int64?) throws(CLIError) -> Bool {
        let path = "\(context.localStem).\(context.program).lock"
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            context.narrate("no lock: cannot open \(path): \(String(cString: strerror(errno)))")
            return true
        }
        let deadline = ContinuousClock.now + .milliseconds(wait ?? 0)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            if reason == EINTR { continue }
            guard reason == EWOULDBLOCK else {
                close(descriptor)
                context.narrate("no lock: cannot lock \(path): \(String(cString: strerror(reason)))")
                return true
            }
            guard let wait else {
                close(descriptor)
                Terminal.note(
                    program: context.program,
                    "another \(context.program) run is still running (it holds \(path)); this one ends (--wait-lock waits for it)")
                return false
            }
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw CLIError.failed(
                    "another \(context.program) run still holds \(path) after \(DurationText.format(wait)) of waiting (--lock-timeout); is it stuck?")
            }
            // A blocking flock cannot time out; a short sleep between tries can.
            usleep(50_000)
        }
        // Held until the process ends: the descriptor is never closed.
        return true
    }
}
