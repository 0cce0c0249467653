import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// Expiry, updates in place and the webhook fallback inside one deliver run, on a real database.
@Suite struct ExpiryAndUpdateTests {
    static let due = utc("2026-11-22T06:30:00Z")

    @Test("An item past its expiry is expired, not sent, even inside the grace period; its row says when")
    func expiredInsideGrace() async throws {
        let f = try DeliverFixture()
        var item = DeliverFixture.item("meeting", due: Self.due)
        item.expiresAt = Self.due + 10 * DeliverFixture.minute
        var open = DeliverFixture.item("daily", due: Self.due)
        open.expiresAt = Self.due + DeliverFixture.hour
        try f.plan([item, open])
        #expect(try f.db.hasDeliveryWork(at: Self.due - DeliverFixture.minute) == false)
        let outcome = try await f.run(now: Self.due + 11 * DeliverFixture.minute)
        #expect(outcome.expired == 1)
        #expect(outcome.delivered == 1)
        #expect(f.output.lines.count == 1)
        #expect(try f.stored("meeting").state == .expired)
        #expect(try f.stored("meeting").stateReason == "expired at 2026-11-22T07:40:00+01:00 before it was sent")
        let counts = try f.db.reportCounts(from: Self.due - DeliverFixture.hour, until: Self.due + DeliverFixture.hour, engagementChannels: [])
        #expect(counts.notificationStates == [.expired: 1, .delivered: 1])
    }

    @Test("An item pushed past its own expiry is settled as expired by the first run after it is due, never sent")
    func expiresBeforeDue() async throws {
        let f = try DeliverFixture()
        var item = DeliverFixture.item("late", due: Self.due + DeliverFixture.hour)
        item.expiresAt = Self.due  // quiet hours pushed it past its own expiry
        try f.plan([item])
        #expect(try f.db.hasDeliveryWork(at: Self.due + DeliverFixture.minute) == false, "the idle path stays one look-up")
        let outcome = try await f.run(now: Self.due + DeliverFixture.hour)
        #expect(outcome.expired == 1)
        #expect(f.output.lines.isEmpty)
        #expect(try f.stored("late").state == .expired)
    }

    @Test("An update that cannot go out any more leaves the item delivered, with the reason")
    func expiredUpdateStaysDelivered() async throws {
        let f = try DeliverFixture()
        try f.plan([DeliverFixture.item("daily", due: Self.due)])
        try await f.run(now: Self.due)
        var update = try f.stored("daily")
        update.revision = 1
        update.state = .pending
        update.expiresAt = Self.due + DeliverFixture.hour
        try f.db.applyPlan([update], now: Self.due + DeliverFixture.minute)
        let outcome = try await f.run(now: Self.due + 2 * DeliverFixture.hour)
        #expect(outcome.expired == 0)
        #expect(try f.stored("daily").state == .delivered)
        #expect(try f.stored("daily").stateReason?.hasPrefix("update not sent: expired at") == true)
        #expect(f.output.lines.count == 1)
    }

    @Test("An update delivered on a channel turns the earlier row into replaced: one delivery per channel in the rates")
    func updateReplacesRow() async throws {
        let f = try DeliverFixture()
        try f.plan([DeliverFixture.item("daily", due: Self.due, body: "Open at nine")])
        try await f.run(now: Self.due)
        var update = DeliverFixture.item("daily", due: Self.due + DeliverFixture.hour, body: "Open at ten")
        update.revision = 1
        #expect(try f.db.applyPlan([update], now: Self.due + DeliverFixture.minute).resent == 1)
        try await f.run(now: Self.due + DeliverFixture.hour)
        #expect(f.output.lines.last == "2026-11-22 08:30  Morning news — Open at ten  [update]")
        let counts = try f.db.reportCounts(
            from: Self.due - DeliverFixture.hour, until: Self.due + 2 * DeliverFixture.hour, engagementChannels: ["stdout"])
        #expect(counts.engageableNotifications == 1)
        #expect(counts.notificationStates == [.delivered: 1])
        let info = try f.db.lastDeliveredPlatformInfo(ids: ["daily"], channel: .stdout)
        #expect(info["daily"] != nil)
    }

    @Test("The desktop's notification id is read back from a delivery's platform info")
    func daemonIdFromPlatformInfo() {
        let info = DesktopChannel.platformInfo(server: nil, daemonId: 42)
        #expect(DesktopChannel.daemonId(inPlatformInfo: info) == 42)
        #expect(DesktopChannel.daemonId(inPlatformInfo: #"{"channel":"desktop"}"#) == nil)
        #expect(DesktopChannel.daemonId(inPlatformInfo: #"{"daemonId":99999999999}"#) == nil, "beyond uint32")
        let arguments = DesktopChannel.notifySendArguments(
            for: Message(record: DeliverFixture.item("daily", due: Self.due)), config: TidingsConfig().desktop, server: nil, replacing: 42)
        #expect(arguments.contains("--replace-id=42"))
        #expect(arguments.firstIndex(of: "--replace-id=42")! < arguments.firstIndex(of: "--")!)
    }

    @Test("The idempotency key and replaces of a first send and of an update")
    func updateKeys() {
        var item = DeliverFixture.item("daily:2026-11-22", due: Self.due)
        #expect(item.idempotencyKey == "daily:2026-11-22")
        #expect(item.replaces == nil)
        item.revision = 2
        #expect(item.idempotencyKey == "daily:2026-11-22#2")
        #expect(item.replaces == "daily:2026-11-22")
    }
}

/// The session record `tidings init` writes, and how the session search uses it.
@Suite struct RecordedSessionTests {
    @Test("Only the four session variables are kept; control characters and other names are dropped")
    func parse() {
        let text =
            "DBUS_SESSION_BUS_ADDRESS=unix:abstract=/tmp/dbus-x,guid=1\nDISPLAY=:1\nLD_PRELOAD=/evil.so\nXAUTHORITY=/h/.Xauthority\nWAYLAND_DISPLAY=\n"
        #expect(
            RecordedSession.parse(text) == [
                "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x,guid=1", "DISPLAY": ":1", "XAUTHORITY": "/h/.Xauthority",
            ])
        #expect(RecordedSession.parse("DISPLAY=:1\u{7}") == [:])
    }

    @Test("render writes what is set, and nothing when no session variable is")
    func render() {
        #expect(RecordedSession.render(["DISPLAY": ":0", "HOME": "/h", "XAUTHORITY": "/h/.X"]) == "DISPLAY=:0\nXAUTHORITY=/h/.X\n")
        #expect(RecordedSession.render(["XAUTHORITY": "/h/.X", "HOME": "/h"]) == nil)
        #expect(RecordedSession.path(forDatabase: "/s/tidings/tidings.sqlite") == "/s/tidings/session.env")
    }

    @Test("The record counts only when the environment and the standard paths find nothing")
    func precedence() throws {
        let directory = try TemporaryDirectory()
        let recorded = ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-rec", "DISPLAY": ":7", "WAYLAND_DISPLAY": "wayland-1"]
        let bare = SessionEnvironment(
            environment: [:], userRuntimeRoot: directory.file("none"), x11SocketFolder: directory.file("none"), recorded: recorded)
        #expect(bare.busAddress == "unix:abstract=/tmp/dbus-rec")
        #expect(bare.display == ":7")
        #expect(bare.waylandDisplay == "wayland-1")
        let own = SessionEnvironment(
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/own", "DISPLAY": ":0"], userRuntimeRoot: directory.file("none"),
            x11SocketFolder: directory.file("none"), recorded: recorded)
        #expect(own.busAddress == "unix:path=/own")
        #expect(own.display == ":0")
    }
}

/// A run that died after the desktop's outcome was recorded, resumed by the next run.
@Suite struct ResumedFallbackTests {
    static let due = utc("2026-11-22T06:30:00Z")

    @Test("The resumed run gives the inbox only what the desktop could not take, not what it refused")
    func resumedDesktopFallback() async throws {
        let f = try DeliverFixture()
        f.config.routes[.system] = [.desktop]
        try f.plan([DeliverFixture.item("headless", due: Self.due), DeliverFixture.item("refused", due: Self.due)])
        var dead = Claimant.current
        dead.start += 1
        let claimed = try f.db.claimDue(at: Self.due, claimant: dead)
        #expect(claimed.count == 2)
        func failed(_ item: NotificationRecord, _ reason: String, unavailable: Bool) -> DeliveryRecord {
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: Self.due, contentAge: nil, staleness: .fresh,
                channel: .desktop, outcome: .failed, failureReason: reason, revision: item.revision)
            row.unavailable = unavailable
            return row
        }
        let byID = Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0) })
        try f.db.recordLegs(
            deliveries: [
                failed(try #require(byID["headless"]), "no session bus", unavailable: true),
                failed(try #require(byID["refused"]), "the daemon refused the call", unavailable: false),
            ], retries: [], settle: [], claimant: dead, now: Self.due)

        let inbox = InboxChannel()
        _ = try await Deliverer(database: f.db, config: f.config, channels: { $0 == .inbox ? inbox : nil })
            .run(now: Self.due + DeliverFixture.minute, zone: DeliverFixture.berlin)
        let inboxed = try f.db.delivered(claimed.map { ($0.id, $0.revision) }, on: .inbox)
        #expect(inboxed == ["headless"], "the reason's words are not read: the column decides")
        #expect(try f.stored("headless").state == .delivered)
        #expect(try f.stored("refused").state == .failed)
    }
}
