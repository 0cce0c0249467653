import Foundation
import TidingsCore

/// When each program last did its job, for monitoring.
public struct StageActivity: Sendable, Equatable {
    /// The start of each stage's last run that ended ok or degraded, or its heartbeat when
    /// that is later; a stage that never succeeded is absent.
    public var lastSuccess: [Stage: EpochMillis] = [:]
    /// The earliest sign of the pipeline: its first logged run of any program. Nil on a
    /// database with no logged run.
    public var firstSeen: EpochMillis?

    /// Activity as given.
    public init(lastSuccess: [Stage: EpochMillis] = [:], firstSeen: EpochMillis? = nil) {
        self.lastSuccess = lastSuccess
        self.firstSeen = firstSeen
    }
}

extension TidingsDatabase {
    /// When each stage last succeeded and when the pipeline was first seen, from the stage
    /// log and the heartbeat files.
    public func stageActivity() throws(StoreError) -> StageActivity {
        var activity = try snapshot("read stage activity") { db in
            var activity = StageActivity()
            for row in try db.rows(
                "SELECT stage, max(startedAt) FROM stageRun WHERE outcome IN (?, ?) GROUP BY stage",
                [StageOutcome.ok.storeValue, StageOutcome.degraded.storeValue])
            {
                // A stage this version does not know has no place in the activity.
                guard let stage = Stage(rawValue: try row.decode(0, as: String.self)) else { continue }
                activity.lastSuccess[stage] = try row.decode(1)
            }
            activity.firstSeen = try db.value("SELECT min(startedAt) FROM stageRun", as: EpochMillis.self)
            return activity
        }
        for stage in Stage.allCases {
            guard let beat = heartbeat(of: stage) else { continue }
            // Only the last success: the heartbeat moves every minute, so it tells nothing
            // of when the pipeline first ran.
            activity.lastSuccess[stage] = max(activity.lastSuccess[stage] ?? beat, beat)
        }
        return activity
    }

    /// The file beside the database whose modification time tells when `stage` last
    /// succeeded without writing to the database (`tidings.sqlite.deliver-alive`); nil for a
    /// database in memory.
    public func heartbeatPath(of stage: Stage) -> String? {
        path == ":memory:" ? nil : "\(localStem).\(stage.rawValue)-alive"
    }

    /// Sets `stage`'s heartbeat to `now`, creating the file when it is missing. On the idle
    /// path this is a single `utimensat` call, and it never touches the database itself.
    public func touchHeartbeat(of stage: Stage, at now: EpochMillis) throws(StoreError) {
        guard let file = heartbeatPath(of: stage), let problem = StampFile.touch(file, at: now) else { return }
        throw StoreError(path: path, message: "cannot touch the heartbeat file \(file): \(problem)")
    }

    /// When `stage`'s heartbeat was last set, or nil when it never was (or cannot be read).
    public func heartbeat(of stage: Stage) -> EpochMillis? {
        heartbeatPath(of: stage).flatMap(StampFile.time)
    }
}
