import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// Saving a plan reads the stored rows in chunks of ids: a plan that ran before writes only
/// what changed, whatever the number of rows, and an id met twice sees its first write.
@Suite struct PlanSaveTests {
    func item(_ id: String, due: EpochMillis, title: String? = nil) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .meeting, category: .transactional, title: title ?? "T \(id)", body: "B", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, now: 0)
    }

    @Test("A plan saved again over 1,200 stored rows (more than one chunk) writes only the one that changed")
    func savedAgain() throws {
        let database = try TemporaryDirectory().database()
        let planned = (0..<1_200).map { item("meeting:\($0)@10m", due: 1_000 + Int64($0)) }
        var changes = try database.applyPlan(planned, now: 0)
        #expect(changes.created == 1_200)
        var again = planned
        again[777].title = "moved"
        changes = try database.applyPlan(again, now: 50)
        #expect(changes.created == 0)
        #expect(changes.updated == 1)
        #expect(changes.unchanged == 1_199)
        let rows = try database.notifications(ids: planned.map(\.id))
        #expect(rows.count == 1_200)
        #expect(rows["meeting:777@10m"]?.title == "moved")
        #expect(rows["meeting:777@10m"]?.updatedAt == 50)
        // The others were not written: their update time is still the first save's.
        #expect(rows.values.filter { $0.updatedAt == 50 }.map(\.id) == ["meeting:777@10m"])
    }

    @Test("An id planned twice in one save is inserted once, then updated as it stands after the first write")
    func sameIDTwice() throws {
        let database = try TemporaryDirectory().database()
        let changes = try database.applyPlan([item("a", due: 10), item("a", due: 20, title: "second"), item("b", due: 30)], now: 5)
        #expect(changes.created == 2)
        #expect(changes.updated == 1)
        let rows = try database.notifications(ids: ["a", "b"])
        #expect(rows["a"]?.title == "second")
        #expect(rows["a"]?.dueAt == 20)
        #expect(rows["b"]?.title == "T b")
    }
}
