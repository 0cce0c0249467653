import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The rules of repeating reminders: stored with their first occurrences, read while they
/// run, stopped, and pruned once over.
@Suite struct ReminderStoreTests {
    static let day: Int64 = 86_400_000

    static func rule(_ id: String, until: EpochMillis? = nil) -> ReminderRecord {
        ReminderRecord(
            id: id, category: .system, title: "Stand-up notes", body: "", deepLink: nil, channels: [.stdout, .inbox],
            every: .daily, firstAt: Self.day, untilAt: until, zone: "UTC", now: 0)
    }

    /// An occurrence of the rule `rule`, which plan stores as its subject.
    static func occurrence(_ id: String, due: EpochMillis, of rule: String = "reminder:a") -> NotificationRecord {
        var item = NotificationRecord(
            id: id, kind: .reminder, category: .system, title: "Stand-up notes", body: "", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, priority: 10, now: 0)
        item.channels = [.stdout, .inbox]
        item.subject = rule
        return item
    }

    @Test("A rule and its occurrences are stored together; its channels are read back typed; the id is taken")
    func add() throws {
        let db = try TemporaryDirectory().database()
        try db.addReminder([Self.occurrence("reminder:a@1970-01-02", due: Self.day)], rule: Self.rule("reminder:a"))
        #expect(try db.runningReminders(at: 0) == [Self.rule("reminder:a")])
        let stored = try #require(try db.notifications(ids: ["reminder:a@1970-01-02"])["reminder:a@1970-01-02"])
        #expect(stored.chosenChannels == [.stdout, .inbox])
        #expect(stored.kind == .reminder)
        #expect(try db.reminderIDTaken("reminder:a"))
        #expect(try !db.reminderIDTaken("reminder:b"))
        // A second rule under a taken id fails whole: no occurrence of it is stored.
        #expect(throws: StoreError.self) {
            try db.addReminder([Self.occurrence("reminder:a@1970-01-03", due: 2 * Self.day)], rule: Self.rule("reminder:a"))
        }
        #expect(try db.notifications(ids: ["reminder:a@1970-01-03"]).isEmpty)
    }

    @Test("Stopping cancels the open occurrences, held for the user; a stopped or ended rule no longer runs and is pruned")
    func stop() throws {
        let db = try TemporaryDirectory().database()
        try db.addReminder(
            [Self.occurrence("reminder:a@1970-01-02", due: Self.day), Self.occurrence("reminder:a@1970-01-03", due: 2 * Self.day)],
            rule: Self.rule("reminder:a"))
        try db.addReminder([], rule: Self.rule("reminder:b", until: 3 * Self.day))
        let cancelled = try #require(try db.stopReminder("reminder:a", reason: "cancelled by the user", now: 10))
        #expect(cancelled.map(\.id) == ["reminder:a@1970-01-02", "reminder:a@1970-01-03"])
        #expect(cancelled.allSatisfy { $0.state == .cancelled && $0.isHeldByUser })
        #expect(try db.stopReminder("reminder:a", reason: "again", now: 20) == nil)
        #expect(try db.runningReminders(at: 0).map(\.id) == ["reminder:b"])
        #expect(try db.runningReminders(at: 4 * Self.day).isEmpty)
        #expect(try !db.isRunningReminder("reminder:a"))

        _ = try db.prune(before: 2 * Self.day)
        #expect(try db.reminderIDTaken("reminder:b"))
        _ = try db.prune(before: 4 * Self.day)
        #expect(try !db.reminderIDTaken("reminder:b"))
    }
}
