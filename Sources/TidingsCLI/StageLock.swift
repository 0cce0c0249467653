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
    /// Takes the lock of `program` for the database of `context`: true when it is held, false
    /// when another run holds it and `wait` is false (that run is then told on stderr). With
    /// `wait`, blocks until the other run ends.
    public static func acquire(_ context: RunContext, wait: Bool) throws(CLIError) -> Bool {
        let path = "\(context.databasePath).\(context.program).lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CLIError.failed("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let reason = errno
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                throw CLIError.failed("cannot lock \(path): \(String(cString: strerror(reason)))")
            }
            Terminal.note(program: context.program, "another \(context.program) run is still running (it holds \(path)); this one ends (--wait-lock waits for it)")
            return false
        }
        // Held until the process ends: the descriptor is never closed.
        return true
    }
}
