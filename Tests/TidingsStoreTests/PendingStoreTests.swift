import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The user's changes to pending notifications (`tidings pending`), and `plan` leaving them be.
@Suite struct PendingStoreTests {
    static let now = TestClock.at("2026-11-23T07:00")
    static let minute: EpochMillis = 60_000

    func item(_ id: String, due: EpochMillis, expires: EpochMillis? = nil, title: String = "Title") -> NotificationRecord {
        var item = NotificationRecord(
            id: id, kind: .meeting, category: .transactional, title: title, body: "Body", deepLink: nil, dueAt: due,
            plannedLocal: "x", plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, expiresAt: expires, now: 0)
        item.fingerprint = "facts of \(id)"
        return item
    }

    /// A database holding `items` as `plan` stores them, with `delivered` already sent.
    func database(_ items: [NotificationRecord], delivered: [String] = []) throws -> (TemporaryDirectory, TidingsDatabase) {
        let directory = try TemporaryDirectory()
        let database = try directory.database()
        _ = try database.applyPlan(items, now: 0)
        if !delivered.isEmpty {
            let claimed = try database.claimDue(at: Self.now, only: delivered)
            try database.recordDeliveries(
                claimed.map {
                    DeliveryRecord(
                        notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: Self.now, contentAge: nil,
                        staleness: $0.staleness, channel: .stdout, outcome: .delivered)
                }, now: Self.now)
        }
        return (directory, database)
    }

    func stored(_ database: TidingsDatabase, _ id: String) throws -> NotificationRecord {
        try #require(try database.notifications(ids: [id])[id])
    }

    @Test("Cancelling is all or nothing: one unknown or delivered id refuses the lot, each named with its reason")
    func cancelAllOrNothing() throws {
        let (directory, database) = try self.database(
            [item("a", due: Self.now + 60 * Self.minute), item("b", due: Self.now + 90 * Self.minute), item("sent", due: Self.now)],
            delivered: ["sent"])
        let refused = try database.cancelPending(ids: ["a", "sent", "nope"], reason: "cancelled by the user", now: Self.now)
        #expect(
            refused
                == .refused([
                    PendingRefusal(id: "sent", reason: "delivered, not pending"),
                    PendingRefusal(id: "nope", reason: "no such notification (see tidings pending)"),
                ]))
        #expect(try stored(database, "a").state == .pending)

        let done = try database.cancelPending(ids: ["a", "b", "a"], reason: "cancelled by the user", now: Self.now)
        guard case .done(let cancelled) = done else {
            Issue.record("refused: \(done)")
            return
        }
        #expect(cancelled.map(\.id) == ["a", "b"])
        let a = try stored(database, "a")
        #expect(a.state == .cancelled)
        #expect(a.stateReason == "cancelled by the user")
        #expect(a.isHeldByUser)
        #expect(a.hold == .user && a.fingerprint == "facts of a", "the mark is its own column; the planner's fingerprint stays")
        #expect(a.updatedAt == Self.now)
        #expect(
            try database.cancelPending(ids: ["a"], reason: "x", now: Self.now)
                == .refused([PendingRefusal(id: "a", reason: "cancelled, not pending")]))
        withExtendedLifetime(directory) {}
    }

    @Test("An item being delivered is not touched; a waiting update cancelled leaves its item delivered")
    func deliveringAndUpdates() throws {
        // "later" is an update of an item already delivered, waiting to go out.
        var update = item("later", due: Self.now + Self.minute)
        update.revision = 1
        let (directory, database) = try self.database([item("now", due: Self.now), update])
        _ = try database.claimDue(at: Self.now)
        #expect(
            try database.cancelPending(ids: ["now"], reason: "x", now: Self.now)
                == .refused([PendingRefusal(id: "now", reason: "being delivered right now")]))
        #expect(
            try database.updatePending(id: "now", edit: PendingEdit(title: "New"), now: Self.now, zone: .utc)
                == .refused([PendingRefusal(id: "now", reason: "being delivered right now")]))
        #expect(try stored(database, "now").state == .delivering)

        _ = try database.cancelPending(ids: ["later"], reason: "cancelled by the user", now: Self.now)
        #expect(try stored(database, "later").state == .delivered)
        withExtendedLifetime(directory) {}
    }

    @Test("Rescheduling and new text: the row keeps them, with the wall time it is due at, held for the user")
    func update() throws {
        let (directory, database) = try self.database([item("a", due: Self.now + 60 * Self.minute, expires: Self.now + 70 * Self.minute)])
        let berlin = Zone.named("Europe/Berlin")
        let edit = PendingEdit(dueAt: Self.now + 30 * Self.minute, title: "Call Ann", body: "")
        guard case .done(let rows) = try database.updatePending(id: "a", edit: edit, now: Self.now, zone: berlin) else {
            Issue.record("refused")
            return
        }
        let row = try stored(database, "a")
        #expect(rows == [row])
        #expect(row.dueAt == Self.now + 30 * Self.minute)
        #expect(row.plannedLocal == "2026-11-23T08:30")
        #expect(row.plannedZone == "Europe/Berlin")
        #expect((row.title, row.body) == ("Call Ann", ""))
        #expect(row.state == .pending)
        #expect(row.isHeldByUser)

        // The text alone leaves the time; a second edit keeps one mark.
        _ = try database.updatePending(id: "a", edit: PendingEdit(body: "Bring notes"), now: Self.now, zone: berlin)
        #expect(try stored(database, "a").dueAt == Self.now + 30 * Self.minute)
        #expect(try stored(database, "a").fingerprint == "facts of a")
        #expect(try stored(database, "a").hold == .user)
        withExtendedLifetime(directory) {}
    }

    @Test("A new time in the past, at or after the expiry, or an item already expired is refused with the times")
    func updateRefusals() throws {
        let expires = Self.now + 70 * Self.minute
        let (directory, database) = try self.database([item("a", due: Self.now + 60 * Self.minute, expires: expires)])
        let atExpiry = try database.updatePending(id: "a", edit: PendingEdit(dueAt: expires), now: Self.now, zone: .utc)
        #expect(
            atExpiry
                == .refused([
                    PendingRefusal(
                        id: "a", reason: "expires at 2026-11-23T08:10:00+00:00: it cannot be due at 2026-11-23T08:10:00+00:00")
                ]))
        let past = try database.updatePending(id: "a", edit: PendingEdit(dueAt: Self.now - Self.minute), now: Self.now, zone: .utc)
        #expect(past == .refused([PendingRefusal(id: "a", reason: "cannot be due at 2026-11-23T06:59:00+00:00: that is in the past")]))
        let late = try database.updatePending(id: "a", edit: PendingEdit(title: "x"), now: expires, zone: .utc)
        #expect(late == .refused([PendingRefusal(id: "a", reason: "expired at 2026-11-23T08:10:00+00:00")]))
        #expect(
            try database.updatePending(id: "zz", edit: PendingEdit(title: "x"), now: Self.now, zone: .utc)
                == .refused([PendingRefusal(id: "zz", reason: "no such notification (see tidings pending)")]))
        #expect(try stored(database, "a").title == "Title")
        #expect(try !stored(database, "a").isHeldByUser)
        withExtendedLifetime(directory) {}
    }

    @Test("plan leaves held items alone: no new text, no revival, no cancellation; it only moves them between pending and backlog")
    func planLeavesHeldItems() throws {
        let (directory, database) = try self.database([
            item("edited", due: Self.now + 60 * Self.minute), item("cancelled", due: Self.now + 60 * Self.minute),
            item("obsolete", due: Self.now + 60 * Self.minute),
        ])
        _ = try database.updatePending(id: "edited", edit: PendingEdit(title: "Mine"), now: Self.now, zone: .utc)
        _ = try database.updatePending(id: "obsolete", edit: PendingEdit(title: "Mine too"), now: Self.now, zone: .utc)
        _ = try database.cancelPending(ids: ["cancelled"], reason: "cancelled by the user", now: Self.now)

        var replanned = item("edited", due: Self.now + 45 * Self.minute, title: "Planner's")
        replanned.state = .backlog
        replanned.stateReason = "backlog: more important items fill the 1 pending places"
        replanned.hold = .cap
        let changes = try database.applyPlan(
            [replanned, item("cancelled", due: Self.now + 60 * Self.minute)], cancel: ["obsolete": "the event was removed"], now: Self.now)
        #expect(changes.settled == 1)
        #expect(changes.updated == 1)
        let edited = try stored(database, "edited")
        #expect((edited.title, edited.dueAt, edited.state) == ("Mine", Self.now + 60 * Self.minute, .backlog))
        #expect(edited.stateReason == replanned.stateReason)
        #expect(edited.hold == [.user, .cap], "the user's hold stays and the cap's is added")
        #expect(try stored(database, "cancelled").state == .cancelled)
        #expect(try stored(database, "obsolete").state == .pending)
        withExtendedLifetime(directory) {}
    }

    @Test("The list holds what is still to be sent, earliest first; cancelled items due later only when asked")
    func list() throws {
        let (directory, database) = try self.database(
            [
                item("late", due: Self.now + 90 * Self.minute), item("soon", due: Self.now + 10 * Self.minute),
                item("gone", due: Self.now + 20 * Self.minute), item("sent", due: Self.now), item("now", due: Self.now),
            ], delivered: ["sent"])
        _ = try database.claimDue(at: Self.now, only: ["now"])
        _ = try database.cancelPending(ids: ["gone"], reason: "cancelled by the user", now: Self.now)
        #expect(try database.pendingList(cancelled: false, now: Self.now, limit: 10).map(\.id) == ["now", "soon", "late"])
        #expect(try database.pendingList(cancelled: true, now: Self.now, limit: 10).map(\.id) == ["now", "soon", "gone", "late"])
        #expect(try database.pendingList(cancelled: true, now: Self.now, limit: 2).map(\.id) == ["now", "soon"])
        withExtendedLifetime(directory) {}
    }
}
