import Foundation
import Synchronization
import TidingsProcess

/// Learns why notifications closed (the `NotificationClosed` signal: 1 expired, 2 dismissed
/// by the user, 3 closed by a call) by watching the session bus with `dbus-monitor`.
///
/// The daemon sends that signal to the notification's sender only (dunst addresses it to
/// notify-send's connection), and notify-send 0.8.1 does not print the reason, so only a bus
/// monitor can see it.
final class DesktopCloseWatch: Sendable {
    private struct State {
        var ready = false
        var ended = false
        var stopped = false
        var pid: pid_t?
        var reasons: [Int64: UInt32] = [:]
    }

    private let state = Mutex(State())
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// The rule dbus-monitor filters with.
    static let match = "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'"

    private init() {}

    /// Starts watching and returns once the monitor is in place, or after `limit` with the
    /// monitor still starting (popups are seldom closed that fast, and the waiter must not
    /// keep `deliver` waiting); nil when dbus-monitor is missing or has ended, and the
    /// caller then goes by timing.
    static func start(environment: [String: String], limit: Duration) async -> DesktopCloseWatch? {
        let path = environment["PATH"] ?? SessionEnvironment.defaultPath
        guard let monitor = SearchPath.find("dbus-monitor", path: path) else { return nil }
        let watch = DesktopCloseWatch()
        watch.task.withLock { $0 = Task { await watch.run(monitor, environment: environment) } }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let (ready, ended) = watch.state.withLock { ($0.ready, $0.ended) }
            if ready { return watch }
            if ended { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return watch
    }

    /// The close reason the daemon gave for notification `id`, waiting up to `limit` for it
    /// (notify-send may end before the monitor has printed the signal).
    func reason(for id: Int64, waitingUpTo limit: Duration) async -> UInt32? {
        let deadline = ContinuousClock.now + limit
        while true {
            let (reason, ended) = state.withLock { ($0.reasons[id], $0.ended) }
            if let reason { return reason }
            if ended || ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Kills dbus-monitor and waits for the watch to end.
    func stop() async {
        let pid = state.withLock { state in
            state.stopped = true
            return state.pid
        }
        if let pid { kill(pid, SIGKILL) }
        let running = task.withLock { $0 }
        await running?.value
    }

    private func run(_ monitor: String, environment: [String: String]) async {
        _ = try? await StreamedProcess.run(monitor, ["--session", Self.match], environment: environment) { process in
            let pid = process.pid
            if state.withLock({
                $0.pid = pid
                return $0.stopped
            }) {
                kill(pid, SIGKILL)
            }
            var lines = process.lines()
            var inClosed = false
            var values: [Int64] = []
            while let line = await lines.next() {
                if !line.hasPrefix(" ") {
                    // A message header. The bus sends NameLost once dbus-monitor has become a monitor.
                    if line.contains("member=NameLost") { state.withLock { $0.ready = true } }
                    inClosed = line.contains("member=NotificationClosed")
                    values = []
                    continue
                }
                let field = line.trimmingCharacters(in: .whitespaces)
                guard inClosed, field.hasPrefix("uint32 "), let value = Int64(field.dropFirst("uint32 ".count)) else { continue }
                values.append(value)
                if values.count == 2 {
                    let (id, reason) = (values[0], UInt32(truncatingIfNeeded: values[1]))
                    state.withLock { $0.reasons[id] = reason }
                    inClosed = false
                }
            }
        }
        state.withLock { $0.ended = true }
    }
}
