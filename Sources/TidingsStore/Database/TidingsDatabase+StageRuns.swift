import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Records one run of a program.
    public func recordStageRun(_ run: StageRun) throws(StoreError) {
        try transaction("record stage run") { db in
            _ = try db.execute("INSERT INTO stageRun (stage, startedAt, endedAt, outcome, summary) VALUES (?, ?, ?, ?, ?)", run.storeValues)
        }
    }

    /// The latest `limit` runs, newest first, of `stage` or of every program.
    public func recentStageRuns(limit: Int, stage: Stage? = nil) throws(StoreError) -> [StageRun] {
        try snapshot("read stage runs") { db in
            let rows =
                if let stage {
                    try db.rows(
                        "SELECT * FROM stageRun WHERE stage = ? ORDER BY startedAt DESC, id DESC LIMIT ?", [stage.storeValue, limit.storeValue])
                } else {
                    try db.rows("SELECT * FROM stageRun ORDER BY startedAt DESC, id DESC LIMIT ?", [limit.storeValue])
                }
            return try rows.map(StageRun.init(store:))
        }
    }

    /// The latest `limit` runs of the pipeline, newest first: those of prefetch, plan and
    /// deliver, and the report runs that did not end ok. A report runs by hand and hourly
    /// for monitoring, and its runs would push the pipeline's own out of view.
    public func recentPipelineRuns(limit: Int) throws(StoreError) -> [StageRun] {
        try snapshot("read stage runs") { db in
            try db.rows(
                "SELECT * FROM stageRun WHERE stage <> 'report' OR outcome <> 'ok' ORDER BY startedAt DESC, id DESC LIMIT ?",
                [limit.storeValue]
            ).map(StageRun.init(store:))
        }
    }
}

extension TidingsDatabase {
    /// SQLite's `PRAGMA quick_check` (with `full`, the slower `integrity_check`, which also
    /// compares every index with its table): "ok", or what is damaged.
    ///
    /// On PostgreSQL, whose server keeps its own pages consistent (and checks them with
    /// `amcheck` when asked), it checks that the schema is this build's, every migration applied.
    public func integrityCheck(full: Bool = false) throws(StoreError) -> String {
        if let postgres {
            do {
                try postgres.withConnection { connection in try PostgresSchema.check(connection) }
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(path: path, operation: "check integrity", error: error)
            }
            return "ok"
        }
        return try read("check integrity") { db in
            try String.fetchAll(db, sql: full ? "PRAGMA integrity_check" : "PRAGMA quick_check").joined(separator: "; ")
        }
    }
}
