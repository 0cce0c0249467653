import Foundation

/// Runs `deliver` for the listener on a thread of its own, one run at a time, so that the
/// stream is read on while a slow channel sends. Asked again while a run is going, it runs
/// once more after it: each stored message is then sent by a run that began after it was
/// stored; requests made while one waits are one run (each sends everything due, in order).
final class DeliverWorker: @unchecked Sendable {
    private let deliver: @Sendable () -> Void
    private let condition = NSCondition()
    private var requested = false
    private var running = false

    /// A worker running `deliver`.
    init(_ deliver: @escaping @Sendable () -> Void) {
        self.deliver = deliver
    }

    /// Has a `deliver` run made soon; returns at once.
    func request() {
        condition.lock()
        defer { condition.unlock() }
        requested = true
        guard !running else { return }
        running = true
        Thread.detachNewThread { [self] in work() }
    }

    /// Waits until no run is going or asked for.
    func wait() {
        condition.lock()
        defer { condition.unlock() }
        while running { condition.wait() }
    }

    private func work() {
        condition.lock()
        while requested {
            requested = false
            condition.unlock()
            deliver()
            condition.lock()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
