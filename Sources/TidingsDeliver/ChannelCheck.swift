import TidingsCore
import TidingsStore

/// One channel as `tidings doctor` and `tidings test` see it.
public struct ChannelReport: Sendable {
    /// `desktop`, `webhook:phone`, …
    public var name: ChannelName
    /// Turned on in the config.
    public var enabled: Bool
    /// Its state now (`notDetermined` when turned off).
    public var state: ChannelState
    /// What the channel says about its peer (the desktop's daemon and capabilities).
    public var platformInfo: String?
    /// What the check found besides the state (`desktop: mako, do-not-disturb off`).
    public var note: String?
    /// For `tidings test`: what happened to the test notification; nil when not sent.
    public var outcome: ChannelResult.Outcome?
}

/// Checks every channel, and sends test notifications.
public struct ChannelCheck {
    public let config: TidingsConfig
    public let factory: ChannelFactory

    /// A check over the channels `factory` builds from `config`.
    public init(config: TidingsConfig, factory: ChannelFactory) {
        self.config = config
        self.factory = factory
    }

    /// The state of every configured channel.
    public func states() async -> [ChannelReport] {
        var reports: [ChannelReport] = []
        for (name, enabled) in factory.allConfigured() {
            guard enabled, let channel = factory.make(name) else {
                reports.append(ChannelReport(name: name, enabled: false, state: .notDetermined))
                continue
            }
            let state = await channel.state()
            reports.append(
                ChannelReport(
                    name: name, enabled: true, state: state, platformInfo: channel.platformInfo, note: channel.stateNote))
        }
        return reports
    }

    /// Sends one test notification through every enabled channel (stdout only when asked),
    /// records each send, and says what happened. A quiet channel (the desktop in
    /// do-not-disturb) is left out as `deliver` leaves it out: no send, no delivery row, and
    /// its report has no outcome; the test still reaches the inbox when that is on.
    public func sendTest(database: TidingsDatabase, now: EpochMillis, includeStdout: Bool) async throws(StoreError) -> [ChannelReport] {
        let item = NotificationRecord(
            id: "test:\(now)", kind: .test, category: .transactional, title: "Tidings test notification",
            body: "If you can read this, this channel works.", deepLink: nil, dueAt: now,
            plannedLocal: "", plannedZone: "", staleness: .fresh, contentFetchTime: nil, now: now)
        _ = try database.applyPlan([item], now: now)
        _ = try database.claimDue(at: now, only: [item.id])
        var reports: [ChannelReport] = []
        var deliveries: [DeliveryRecord] = []
        for var report in await states() where report.enabled && (includeStdout || report.name != .stdout) {
            guard let channel = factory.make(report.name) else { continue }
            let outcome: ChannelResult.Outcome
            switch report.state {
            case .unavailable(let reason, _):
                outcome = .unavailable(reason)
            case .noSession(let reason, _):
                outcome = .noSession(reason)
            case .quiet:
                reports.append(report)
                continue
            case .available, .notDetermined:
                outcome = await channel.send([Message(record: item)], now: now).first?.outcome ?? .failed("the channel gave no result")
            }
            report.outcome = outcome
            reports.append(report)
            var row = DeliveryRecord(
                notificationId: item.id, scheduledTime: now, actualDeliveryTime: now, contentAge: nil,
                staleness: item.staleness, channel: channel.name, outcome: .delivered,
                platformInfo: report.platformInfo)
            switch outcome {
            case .delivered: break
            case .failed(let reason), .unavailable(let reason), .noSession(let reason), .transient(let reason, _), .notSent(let reason):
                row.outcome = .failed
                row.failureReason = reason
            }
            deliveries.append(row)
        }
        try database.recordRun(deliveries: deliveries, retries: [], cancelled: [:], now: now)
        return reports
    }
}
