import TidingsCore

extension TidingsDatabase {
    /// Stores a reminder the user added: its first notifications and, for a repeat, its
    /// rule, and how it nags until seen (`nag`, kept under the reminder's id for every
    /// occurrence), in one transaction. An id already taken fails the whole write.
    public func addReminder(_ occurrences: [NotificationRecord], rule: ReminderRecord?, nag: NagRule? = nil) throws(StoreError) {
        try transaction("add reminder") { db in
            if let rule { try db.execute(ReminderRecord.insertSQL, rule.storeValues) }
            if let nag, let id = rule?.id ?? occurrences.first?.id { try Self.keepNag(nag, for: id, db: db) }
            for item in occurrences { try db.execute(NotificationRecord.insertSQL, item.storeValues) }
        }
    }

    /// The repeating reminders that may still have occurrences from `now` on: not stopped,
    /// and not past their `--until`.
    public func runningReminders(at now: EpochMillis) throws(StoreError) -> [ReminderRecord] {
        try snapshot("read reminders") { db in
            try db.rows("SELECT * FROM reminder WHERE stoppedAt IS NULL AND (untilAt IS NULL OR untilAt >= ?) ORDER BY id", [now.storeValue])
                .map(ReminderRecord.init(store:))
        }
    }

    /// Whether `id` (`reminder:<token>`, letters and digits) names a reminder, a notification
    /// or occurrences already (a repeating reminder's occurrences have its id as `subject`).
    public func reminderIDTaken(_ id: String) throws(StoreError) -> Bool {
        try snapshot("look up reminder id") { db in
            try db.value(
                """
                SELECT EXISTS (SELECT 1 FROM reminder WHERE id = ?)
                    OR EXISTS (SELECT 1 FROM notification WHERE id = ? OR (kind = 'reminder' AND subject = ?))
                """,
                [id.storeValue, id.storeValue, id.storeValue], as: Bool.self) ?? false
        }
    }

    /// Whether `id` names a repeating reminder that still runs.
    public func isRunningReminder(_ id: String) throws(StoreError) -> Bool {
        try snapshot("look up reminder") { db in
            try db.value("SELECT EXISTS (SELECT 1 FROM reminder WHERE id = ? AND stoppedAt IS NULL)", [id.storeValue], as: Bool.self) ?? false
        }
    }

    /// Stops the repeating reminder `id`: plan creates no more occurrences, and the open ones
    /// (their `subject` is `id`) are cancelled for `reason`, held for the user. Returns them, earliest first, or nil
    /// when no running reminder has that id.
    public func stopReminder(_ id: String, reason: String, now: EpochMillis) throws(StoreError) -> [NotificationRecord]? {
        try transaction("stop reminder") { db in
            let stopped = try db.execute("UPDATE reminder SET stoppedAt = ? WHERE id = ? AND stoppedAt IS NULL", [now.storeValue, id.storeValue])
            guard stopped > 0 else { return nil }
            let open = try db.rows(
                """
                SELECT * FROM notification WHERE state IN ('pending', 'backlog') AND kind = 'reminder' AND subject = ?
                ORDER BY dueAt, id
                """,
                [id.storeValue]
            ).map(NotificationRecord.init(store:))
            return try open.map { row in try Self.settle(row, reason: reason, now: now, db: db) }
        }
    }
}
