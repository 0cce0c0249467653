import Foundation

/// The lock that makes runs arm wake-ups one at a time for one database: an advisory lock
/// (flock) on `<database>.wake.lock`, opened close-on-exec so that the programs a run starts
/// never hold it.
final class WakeLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// The lock file beside the database at `databasePath`.
    static func path(forDatabase databasePath: String) -> String { databasePath + ".wake.lock" }

    /// Takes the lock, waiting (without blocking a thread) for another run to release it, at
    /// most `limit`; nil when the file cannot be made or the wait ran out: arming then goes
    /// on unlocked, as it did before locks, rather than not at all.
    static func take(forDatabase databasePath: String, limit: Duration = .seconds(60)) async -> WakeLock? {
        let descriptor = open(path(forDatabase: databasePath), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        let deadline = ContinuousClock.now + limit
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                return nil
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return WakeLock(descriptor: descriptor)
    }

    /// Releases the lock.
    func release() { close(descriptor) }
}
