import Testing
import TidingsCore
import TidingsStore

@testable import TidingsDeliver

/// The message a channel is handed: made from the row, without its bookkeeping.
@Suite struct MessageTests {
    static let due = utc("2026-11-22T06:30:00Z")

    static func row() -> NotificationRecord {
        var item = DeliverFixture.item("meeting:abc", due: due)
        item.kind = .meeting
        item.deepLink = "https://meet.example/abc"
        item.expiresAt = due + 600_000
        item.subject = "event:abc"
        item.data = #"{"room":"4"}"#
        item.revision = 2
        item.claims = 3
        item.claimedBy = "run-1"
        item.claimedAt = due
        item.fingerprint = "f1"
        item.generator = .template
        return item
    }

    @Test("A message holds what is shown, the keys and the timing of its row")
    func fromRow() {
        let row = Self.row()
        let message = Message(record: row, previous: #"{"daemonId":7}"#)
        #expect(message.id == row.id && message.revision == 2 && message.previous == #"{"daemonId":7}"#)
        #expect(message.title == row.title && message.body == row.body && message.link == "https://meet.example/abc")
        #expect(message.kind == .meeting && message.category == row.category && message.staleness == row.staleness)
        #expect(message.data == #"{"room":"4"}"# && message.subject == "event:abc")
        #expect(message.dueAt == Self.due && message.expiresAt == Self.due + 600_000)
        #expect(message.plannedLocal == row.plannedLocal && message.plannedZone == row.plannedZone)
        #expect(message.idempotencyKey == "meeting:abc#2" && message.replaces == "meeting:abc" && message.isUpdate)
        #expect(message.primaryAction == "Join")
    }

    @Test("The bookkeeping of a row (claims, fingerprint, generator) makes no difference to its message")
    func bookkeepingLeftOut() {
        var other = Self.row()
        other.claims = 0
        other.claimedBy = nil
        other.claimedAt = nil
        other.fingerprint = nil
        other.generator = nil
        other.state = .delivering
        #expect(Message(record: other) == Message(record: Self.row()))
    }

    @Test("Its JSON and text lines are those of the row sent at the same time")
    func outputs() {
        let row = Self.row()
        let zone = DeliverFixture.berlin.resolved()
        #expect(Message(record: row).jsonLine(zone: zone, deliveredAt: Self.due) == row.jsonLine(zone: zone, deliveredAt: Self.due))
        #expect(Message(record: row).textLine(zone: zone) == row.textLine(zone: zone))
    }

    @Test("A delivery row's platform info gets the note only for an update")
    func noting() {
        var first = Self.row()
        first.revision = 0
        #expect(Deliverer.noting("why", for: first, in: #"{"channel":"desktop"}"#) == #"{"channel":"desktop"}"#)
        #expect(Deliverer.noting(nil, for: Self.row(), in: #"{"channel":"desktop"}"#) == #"{"channel":"desktop"}"#)
        #expect(Deliverer.noting("why", for: Self.row(), in: #"{"channel":"desktop"}"#) == #"{"channel":"desktop","note":"why"}"#)
    }
}
