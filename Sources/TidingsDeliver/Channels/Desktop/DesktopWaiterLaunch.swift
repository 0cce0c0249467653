import Foundation
import TidingsProcess

/// The first line the waiter printed, or why there was none.
enum DesktopWaiterAnswer: Sendable, Equatable {
    /// The daemon showed the notification under this id.
    case sent(Int64)
    /// The waiter could not show it: why.
    case error(String)
    /// Nothing useful arrived before the deadline; the waiter was killed.
    case timedOut
}

/// Starts the waiter in a session of its own, so that it outlives `deliver` (cron ends the
/// run, the popup stays), and reads its first line under a deadline.
enum DesktopWaiterLaunch {
    /// Spawns `path arguments` with `environment` and returns what it answered within `limit`.
    static func start(path: String, arguments: [String], environment: [String: String], limit: Duration) async -> DesktopWaiterAnswer {
        let ends: (read: Int32, write: Int32)
        do {
            ends = try ProcessSpawn.pipe()
        } catch {
            return .error(error.description)
        }
        // stdin and stderr on /dev/null, stdout on the pipe, every other descriptor closed (the
        // waiter must not hold open a pipe of whoever started deliver), default signals.
        let spawned = Result { () throws(SpawnError) in
            try ProcessSpawn.start(
                [path] + arguments, environment: environment, stdout: .descriptor(ends.write), grouping: .session,
                closingOthers: true, defaultSignals: true)
        }
        close(ends.write)
        let readEnd = ends.read
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let failure):
            close(readEnd)
            return .error(failure.description)
        }
        let deadline = ContinuousClock.now + limit
        let first = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: PipeReader.firstLine(readEnd, until: deadline)) }
        }
        close(readEnd)
        let answer: DesktopWaiterAnswer
        switch first {
        case .line(let line) where line.hasPrefix("sent "):
            if let id = Int64(line.dropFirst("sent ".count)), id > 0 {
                answer = .sent(id)
            } else {
                answer = .error("the waiter printed a bad notification id: \(line)")
            }
        case .line(let line) where line.hasPrefix("error "):
            answer = .error(String(line.dropFirst("error ".count)))
        case .line(let line):
            answer = .error("the waiter printed \(line.isEmpty ? "an empty line" : line)")
        case .endOfFile:
            answer = .error("the waiter ended without an answer")
        case .deadline:
            // The waiter leads its own session: this takes notify-send and its helpers too.
            kill(-pid, SIGKILL)
            answer = .timedOut
        }
        // A long-running process (a test run) keeps no zombie; deliver itself exits long before.
        ProcessSpawn.reapLater(pid)
        return answer
    }
}
