import Foundation
import Synchronization
import TidingsCore
import TidingsProcess
import TidingsStore

/// The process that stays with one desktop popup: it runs notify-send, tells `deliver` the
/// daemon's id at once, then waits for the popup to end and records what the user did
/// (TAPPED, DISMISSED, IGNORED, or SNOOZED, which also puts the item off for
/// `DesktopChannel.snoozeDelay`). `tidings desktop-wait` runs it.
public enum DesktopWaiter {
    /// The longest a waiter stays with one popup; after that it counts as ignored.
    public static let longestWait: Duration = .seconds(24 * 3600)
    /// How long notify-send may take to print the id before the waiter gives up.
    static let idLimit: Duration = .seconds(60)
    /// How long the waiter keeps trying to find the delivery row (`deliver` writes it after
    /// the whole batch was sent, so a quick tap can arrive first).
    static let recordLimit: Duration = .seconds(120)

    private final class Status: Sendable {
        let value = Mutex<Int32>(1)
    }

    /// Shows `command` (notify-send with `--print-id --wait`), prints `sent <id>` or
    /// `error <reason>` as its only stdout line, waits for the popup to end, opens `link`
    /// when it was tapped and the link is allowed, and records the engagement for the
    /// notification (id and revision) in the database at `databasePath`. When a later
    /// revision or a later repeat of a nagging one (`nagRepeat` is this popup's) replaced the
    /// popup in place, that one's waiter speaks for it and this one does nothing more.
    /// Returns the exit status.
    public static func run(
        databasePath: String, notification: (id: String, revision: Int), nagRepeat: Int = 0, expireMs: Int64, link: String?,
        command: [String]
    ) -> Int32 {
        let status = Status()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let code = await watch(
                databasePath: databasePath, notification: notification, nagRepeat: nagRepeat, expireMs: expireMs, link: link, command: command)
            status.value.withLock { $0 = code }
            done.signal()
        }
        done.wait()
        return status.value.withLock { $0 }
    }

    static func watch(
        databasePath: String, notification: (id: String, revision: Int), nagRepeat: Int = 0, expireMs: Int64, link: String?,
        command: [String]
    ) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["PATH"] ?? SessionEnvironment.defaultPath
        guard let program = command.first, let executable = SearchPath.find(program, path: path) else {
            announce("error \(command.first ?? "notify-send") is not installed")
            return 1
        }
        let closeWatch = await DesktopCloseWatch.start(environment: environment, limit: .seconds(1))
        let shown = await showAndWait(executable, Array(command.dropFirst()), path: path)
        guard case .closed(let popup) = shown else {
            await closeWatch?.stop()
            if case .failed(let reason) = shown { announce("error \(reason)") }
            return 1
        }
        let engagement = await engagement(of: popup, expireMs: expireMs, closeWatch: closeWatch)
        await closeWatch?.stop()
        if storeMayExist(databasePath), let database = try? TidingsDatabase(path: databasePath),
            (try? database.hasNewerDelivery(of: notification.id, on: .desktop, than: notification.revision)) == true
                || (try? database.hasLaterRepeat(of: notification, on: .desktop, than: nagRepeat)) == true
        {
            return 0
        }
        if engagement == .tapped, let link, LinkPolicy.isAllowed(link), let problem = LinkOpener.open(link, environment: environment) {
            warn(problem)
        }
        return await record(engagement, notification: notification, databasePath: databasePath)
    }

    /// What the user did with `popup`: the Snooze action is a snooze, another invoked action
    /// a tap; otherwise the daemon's
    /// close reason when the bus monitor saw it; otherwise timing: closed more than half a
    /// second before it would have expired means dismissed.
    static func engagement(of popup: DesktopPopup, expireMs: Int64, closeWatch: DesktopCloseWatch?) async -> Engagement {
        if popup.action == DesktopChannel.snoozeAction { return .snoozed }
        if popup.action != nil { return .tapped }
        if popup.outlived { return .ignored }
        switch await closeWatch?.reason(for: popup.id, waitingUpTo: .seconds(1)) {
        case 1?, 3?: return .ignored
        case 2?: return .dismissed
        default:
            return expireMs <= 0 || popup.shownFor < .milliseconds(expireMs - 500) ? .dismissed : .ignored
        }
    }

    /// Records `engagement` on the notification's desktop delivery, waiting for `deliver`
    /// to have written that row. A snooze is `tidings inbox snooze`'s, from the desktop's row:
    /// the item is due again `DesktopChannel.snoozeDelay` from now.
    static func record(_ engagement: Engagement, notification: (id: String, revision: Int), databasePath: String) async -> Int32 {
        let notificationId = notification.id
        guard storeMayExist(databasePath) else {
            warn("no database at \(databasePath)")
            return 1
        }
        let deadline = ContinuousClock.now + recordLimit
        do {
            let database = try TidingsDatabase(path: databasePath)
            while true {
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                let instant = EpochMillis(now.tv_sec) * 1000 + EpochMillis(now.tv_nsec / 1_000_000)
                if engagement == .snoozed {
                    let until = WhenText.wholeMinute(instant + DesktopChannel.snoozeDelay)
                    switch try database.snooze(id: notificationId, on: .desktop, until: until, now: instant, zone: .current) {
                    case .done: return 0
                    case .refused(let refusals):
                        // Refused for good once deliver has written this popup's row.
                        if try database.hasNewerDelivery(of: notificationId, on: .desktop, than: notification.revision - 1) {
                            warn("not snoozed: " + refusals.map(\.description).joined(separator: "; "))
                            return 1
                        }
                    }
                } else if try database.recordEngagement(notificationId: notificationId, channel: .desktop, engagement: engagement, at: instant) {
                    return 0
                }
                guard ContinuousClock.now < deadline else {
                    warn("no desktop delivery of \(notificationId) to record \(engagement.rawValue) on")
                    return 1
                }
                try? await Task.sleep(for: .milliseconds(250))
            }
        } catch {
            warn("\(error)")
            return 1
        }
    }

    /// Writes `line` as the waiter's only stdout line, then points stdout at /dev/null, so
    /// that `deliver`, reading the other end, sees the end of the pipe at once.
    static func announce(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, STDOUT_FILENO)
            close(null)
        }
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("tidings desktop-wait: \(message)\n".utf8))
    }
}

/// Whether the store at `databasePath` may be there: a file that exists, or a store on a
/// PostgreSQL server (which only an open can tell).
private func storeMayExist(_ databasePath: String) -> Bool {
    TidingsDatabase.isServer(databasePath) || FileManager.default.fileExists(atPath: databasePath)
}
