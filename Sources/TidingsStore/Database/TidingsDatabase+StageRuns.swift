import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Records one run of a program.
    public func recordStageRun(_ run: StageRun) throws(StoreError) {
        try write("record stage run") { db in try run.insert(db) }
    }

    /// The latest `limit` runs, newest first, of `stage` or of every program.
    public func recentStageRuns(limit: Int, stage: Stage? = nil) throws(StoreError) -> [StageRun] {
        try read("read stage runs") { db in
            var request = StageRun.order(StageRun.Columns.startedAt.desc, Column("id").desc).limit(limit)
            if let stage { request = request.filter(Column("stage") == stage) }
            return try request.fetchAll(db)
        }
    }

    /// The latest `limit` runs of the pipeline, newest first: those of prefetch, plan and
    /// deliver, and the report runs that did not end ok. A report runs by hand and hourly
    /// for monitoring, and its runs would push the pipeline's own out of view.
    public func recentPipelineRuns(limit: Int) throws(StoreError) -> [StageRun] {
        try read("read stage runs") { db in
            try StageRun.order(StageRun.Columns.startedAt.desc, Column("id").desc)
                .filter(Column("stage") != Stage.report || Column("outcome") != StageOutcome.ok)
                .limit(limit)
                .fetchAll(db)
        }
    }
}

extension TidingsDatabase {
    /// SQLite's `PRAGMA quick_check` (with `full`, the slower `integrity_check`, which also
    /// compares every index with its table): "ok", or what is damaged.
    public func integrityCheck(full: Bool = false) throws(StoreError) -> String {
        try read("check integrity") { db in
            try String.fetchAll(db, sql: full ? "PRAGMA integrity_check" : "PRAGMA quick_check").joined(separator: "; ")
        }
    }
}
