import Foundation
import GRDB
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// A desktop channel on a private session (dunst on Xvfb) with a real database, and the
/// built `tidings` program as its waiter.
final class DesktopFixture {
    let session: DesktopSession
    let directory: TemporaryDirectory
    let database: TidingsDatabase
    let channel: DesktopChannel
    /// A folder put first on the waiter's PATH; it holds a fake `xdg-open` that writes its argument to `opened`.
    let bin: String
    /// What lives as long as the fixture (the folder of a test's fake programs).
    var kept: [TemporaryDirectory] = []

    static let now = TestClock.at("2026-11-22T06:30:00Z")
    static let planned = TestClock.at("2026-11-21T12:00:00Z")

    /// A fixture on `session` (a new one with dunst by default) with `expire` and `deadline`
    /// in milliseconds, and `environment` instead of the session's own when given.
    init(session: DesktopSession? = nil, expire: Int64 = 60_000, deadline: Int64 = 10_000, environment: [String: String]? = nil) throws {
        let session = try session ?? DesktopSession()
        self.session = session
        directory = try TemporaryDirectory()
        database = try directory.database()
        bin = directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let opener = try directory.write("#!/bin/sh\nprintf '%s' \"$1\" > \(directory.file("opened"))\n", to: "bin/xdg-open")
        chmod(opener, 0o755)
        var variables = environment ?? session.baseEnvironment.merging(session.environment) { $1 }
        if environment == nil { variables["PATH"] = bin + ":" + (variables["PATH"] ?? SessionEnvironment.defaultPath) }
        var config = TidingsConfig().desktop
        config.expire = expire
        config.deadline = deadline
        channel = DesktopChannel(
            config: config, session: SessionEnvironment(environment: variables, userRuntimeRoot: directory.file("no-run-user")),
            databasePath: database.path, waiterPath: ProgramRunner(environment: [:]).path("tidings"))
    }

    /// A due notification `id`.
    static func item(
        _ id: String, category: TidingsCore.Category = .system, title: String = "Morning news", body: String = "Today's headline.",
        deepLink: String? = nil
    ) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .daily, category: category, title: title, body: body, deepLink: deepLink, dueAt: now - 60_000,
            plannedLocal: "2026-11-22T07:29", plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: nil, now: planned)
    }

    /// Plans, claims and sends `items`, and records their delivery rows the way `deliver` does.
    @discardableResult
    func deliver(_ items: [NotificationRecord]) async throws -> [ChannelResult] {
        _ = try database.applyPlan(items, now: Self.planned)
        let claimed = try database.claimDue(at: Self.now)
        let results = await channel.send(claimed.messages, now: Self.now)
        let byID = Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0) })
        let rows = results.compactMap { result -> DeliveryRecord? in
            guard let item = byID[result.id] else { return nil }
            let failure: String? = if case .unavailable(let reason) = result.outcome { reason } else { nil }
            return DeliveryRecord(
                notificationId: item.id, scheduledTime: item.dueAt, actualDeliveryTime: Self.now, contentAge: nil,
                staleness: item.staleness, channel: channel.name, outcome: failure == nil ? .delivered : .failed,
                failureReason: failure, platformInfo: result.platformInfo ?? channel.platformInfo)
        }
        try database.recordDeliveries(rows, now: Self.now)
        return results
    }

    /// The engagement recorded on `id`'s desktop delivery, once the detached waiter has
    /// recorded it; nil when it never does.
    func engagement(of id: String) async throws -> String? {
        let queue = try DatabaseQueue(path: database.path)
        var value: String?
        try await waitUntil(step: .milliseconds(100)) {
            value = try await queue.read { db in
                try String.fetchOne(db, sql: "SELECT engagement FROM delivery WHERE notificationId = ? AND channel = 'desktop'", arguments: [id])
            }
            return value != nil
        }
        return value
    }

    /// Whether this fixture's fake `xdg-open` was started: it runs, or it has written.
    /// Looked at in that order, so that one that ends in between is not missed.
    var openerStarted: Bool {
        !DesktopStateTests.processes(mentioning: bin + "/xdg-open").isEmpty || opened != nil
    }

    /// The state of notification `id`.
    func state(of id: String) throws -> NotificationState? {
        try database.notifications(ids: [id])[id]?.state
    }

    /// What the fake `xdg-open` was asked to open, if anything.
    var opened: String? { try? String(contentsOfFile: directory.file("opened"), encoding: .utf8) }

    /// `dunstctl history`, newest first, each field's `data` under its name.
    func history() async throws -> [[String: Any]] {
        let text = try await session.dunstctl(["history"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let data = try #require(json["data"] as? [[[String: Any]]])
        return (data.first ?? []).map { entry in entry.mapValues { ($0 as? [String: Any])?["data"] ?? $0 } }
    }

    /// The number of popups on screen.
    func displayed() async throws -> Int {
        Int(try await session.dunstctl(["count", "displayed"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Waits until `count` popups are on screen (dunst shows a new one within a moment).
    func waitForDisplayed(_ count: Int) async throws {
        let shown = try await waitUntil(step: .milliseconds(50)) { try await displayed() == count }
        #expect(shown, "dunst never showed \(count) popups")
    }
}

/// The daemon id in a delivered result's platform info.
func desktopDaemonId(_ result: ChannelResult) -> Int? {
    guard let info = result.platformInfo,
        let object = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
    else { return nil }
    return object["daemonId"] as? Int
}
