import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Stores a reminder the user added: its first notifications and, for a repeat, its
    /// rule, in one transaction. An id already taken fails the whole write.
    public func addReminder(_ occurrences: [NotificationRecord], rule: ReminderRecord?) throws(StoreError) {
        try write("add reminder") { db in
            if let rule { try rule.insert(db) }
            for item in occurrences { try item.insert(db) }
        }
    }

    /// The repeating reminders that may still have occurrences from `now` on: not stopped,
    /// and not past their `--until`.
    public func runningReminders(at now: EpochMillis) throws(StoreError) -> [ReminderRecord] {
        try read("read reminders") { db in
            try ReminderRecord.fetchAll(
                db, sql: "SELECT * FROM reminder WHERE stoppedAt IS NULL AND (untilAt IS NULL OR untilAt >= ?) ORDER BY id",
                arguments: [now])
        }
    }

    /// Whether `id` (`reminder:<token>`, letters and digits) names a reminder, a notification
    /// or an occurrence already.
    public func reminderIDTaken(_ id: String) throws(StoreError) -> Bool {
        try read("look up reminder id") { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM reminder WHERE id = ?)
                        OR EXISTS (SELECT 1 FROM notification WHERE id = ? OR substr(id, 1, ?) = ?)
                    """,
                arguments: [id, id, id.count + 1, id + "@"]) ?? false
        }
    }
}
