import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The waiter (`tidings desktop-wait`) on its own: its one stdout line, its failures, and
/// engagement that arrives before `deliver` has written the delivery row.
@Suite(.serialized, .sqliteFileOnly) struct DesktopWaiterTests {
    static let command = ["notify-send", "--app-name=Tidings", "--expire-time=60000", "--print-id", "--wait", "--", "T", "B"]

    @Test("notify-send cannot reach the bus: the waiter prints one error line and exits 1")
    func unreachableBus() async throws {
        let directory = try TemporaryDirectory()
        let runner = ProgramRunner(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.file("bus"))"])
        // With --wait, notify-send 0.8.1 prints id 0 and then waits forever; the waiter must
        // not: it reports the bus error, not "printed no id within" its 60 s limit.
        let output = try await runner.run(
            "tidings", ["desktop-wait", "--db=\(directory.file("db"))", "--id=a", "--expire-ms=60000", "--"] + Self.command)
        #expect(output.status == 1)
        #expect(output.lines.count == 1)
        #expect(output.lines.first?.hasPrefix("error ") == true)
        #expect(output.lines.first?.contains("connect") == true)
    }

    @Test("A command that is not installed: one error line")
    func missingCommand() async throws {
        let directory = try TemporaryDirectory()
        let result = try await ProgramRunner(environment: [:]).run(
            "tidings", ["desktop-wait", "--db=\(directory.file("db"))", "--id=a", "--expire-ms=1000", "--", "no-such-notify-send", "x"])
        #expect(result.status == 1)
        #expect(result.lines == ["error no-such-notify-send is not installed"])
    }

    @Test("desktop-wait is hidden from tidings --help")
    func hidden() async throws {
        let result = try await ProgramRunner(environment: [:]).run("tidings", ["--help"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("desktop-wait"))
    }

    @Test("A popup closed before deliver wrote its row: the waiter records once the row exists")
    func lateDeliveryRow() async throws {
        let f = try DesktopFixture()
        _ = try f.database.applyPlan([DesktopFixture.item("late")], now: DesktopFixture.planned)
        let claimed = try f.database.claimDue(at: DesktopFixture.now)
        let results = await f.channel.send(claimed.messages, now: DesktopFixture.now)
        #expect(results.map(\.outcome) == [.delivered])
        try await f.waitForDisplayed(1)
        _ = try await f.session.dunstctl(["close"])
        // The waiter saw the popup close and looks for the row: it holds the database open.
        #expect(await waitUntil { !processes(holdingOpen: f.database.path).isEmpty })
        try f.database.recordDeliveries(
            [
                DeliveryRecord(
                    notificationId: "late", scheduledTime: claimed[0].dueAt, actualDeliveryTime: DesktopFixture.now, contentAge: nil,
                    staleness: .fresh, channel: .desktop, outcome: .delivered)
            ],
            now: DesktopFixture.now)
        #expect(try await f.engagement(of: "late") == "DISMISSED")
        #expect(try f.state(of: "late") == .dismissed)
    }

    @Test("Identical popups: dunst stacks them and closes the older one as expired, so it counts as ignored")
    func stackedDuplicates() async throws {
        let f = try DesktopFixture()
        let results = try await f.deliver([DesktopFixture.item("first"), DesktopFixture.item("second")])
        #expect(results.map(\.outcome) == [.delivered, .delivered])
        #expect(try await f.engagement(of: "first") == "IGNORED")
        #expect(try await f.displayed() == 1)
    }
}
