import ArgumentParser
import Foundation

/// The option of the programs that write (prefetch, plan, deliver) about overlapping runs.
public struct LockOptions: ParsableArguments {
    @Flag(help: "When another run of this program still runs, wait for it to end instead of ending at once.")
    public var waitLock = false

    public init() {}
}

/// One run of a program at a time on one database: an advisory lock (flock) on
/// `<database>.<program>.lock`, held until the process ends. The file is opened close-on-exec,
/// so that the programs a run starts (the desktop waiters) never hold it.
public enum StageLock {
    /// Takes the lock of `program` for the database of `context`: true when it is held (or
    /// cannot be had at all: the runs' claims keep overlapping runs apart anyway, so a folder
    /// where the lock file cannot be made stops nothing), false when another run holds it and
    /// `wait` is false (that run is then told on stderr). With `wait`, blocks until the other
    /// run ends.
    public static func acquire(_ context: RunContext, wait: Bool) throws(CLIError) -> Bool {
        let path = "\(context.databasePath).\(context.program).lock"
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            context.narrate("no lock: cannot open \(path): \(String(cString: strerror(errno)))")
            return true
        }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let reason = errno
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                context.narrate("no lock: cannot lock \(path): \(String(cString: strerror(reason)))")
                return true
            }
            Terminal.note(program: context.program, "another \(context.program) run is still running (it holds \(path)); this one ends (--wait-lock waits for it)")
            return false
        }
        // Held until the process ends: the descriptor is never closed.
        return true
    }
}
