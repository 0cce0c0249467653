import ProgramDeliver
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport
import TidingsTimers

/// deliver's idle check on a real database in a temporary folder, with the wake file that
/// plan and deliver write beside it.
@Suite struct DeliverStartTests {
    static let now = TestClock.at("2026-11-22T06:30:00Z")
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000

    /// A database in a temporary folder, removed with the fixture.
    struct Fixture {
        let folder: TemporaryDirectory
        let database: TidingsDatabase

        init() throws {
            folder = try TemporaryDirectory()
            database = try folder.database()
        }

        /// Stores `items` as plan would, the day before.
        func plan(_ items: [NotificationRecord]) throws {
            _ = try database.applyPlan(items, now: DeliverStartTests.now - 24 * DeliverStartTests.hour)
        }

        /// Writes the wake file as a run that armed (or tried to arm) a wake-up leaves it.
        func recordWakeUp(_ state: WakeState) throws {
            try state.write(forDatabase: database.localStem)
        }

        /// The check at `DeliverStartTests.now`.
        func check(grace: Int64 = 2 * DeliverStartTests.hour, wake: TidingsConfig.Wake? = .exact) throws -> DeliverStart {
            var delivery = TidingsConfig().delivery
            delivery.grace = grace
            delivery.wake = wake
            return try DeliverStart.check(database: database, delivery: delivery, now: DeliverStartTests.now)
        }
    }

    /// A daily notification `id` due at `due`, in `state`.
    static func item(_ id: String, due: EpochMillis, state: NotificationState = .pending) -> NotificationRecord {
        var item = NotificationRecord(
            id: id, kind: .daily, category: .system, title: "Morning news", body: "Today's headline.", deepLink: nil,
            dueAt: due, plannedLocal: "2026-11-22T07:30", plannedZone: "Europe/Berlin", staleness: .fresh,
            contentFetchTime: nil, now: now - 24 * hour)
        item.state = state
        if state == .backlog { item.stateReason = "backlog: more important items fill the 1 pending places" }
        return item
    }

    @Test("Nothing due: idle, with nothing to arm", arguments: [TidingsConfig.Wake.minute, .exact, nil])
    func nothingDue(wake: TidingsConfig.Wake?) throws {
        let f = try Fixture()
        #expect(try f.check(wake: wake) == .idle(rearm: false), "an empty database")
        try f.plan([Self.item("later", due: Self.now + Self.minute)])
        #expect(try f.check(wake: wake) == .idle(rearm: false), "an item due in a minute")
    }

    @Test("Something due: deliver, whatever the wake file says", arguments: [TidingsConfig.Wake.minute, .exact, nil])
    func somethingDue(wake: TidingsConfig.Wake?) throws {
        let f = try Fixture()
        try f.plan([Self.item("now", due: Self.now)])
        #expect(try f.check(wake: wake) == .deliver)
        try f.recordWakeUp(WakeState(mechanism: .systemd, armedAt: Self.now - Self.minute))
        #expect(try f.check(wake: wake) == .deliver)
    }

    @Test(
        "A backlogged item is work once it is due longer ago than the grace: it becomes missed",
        arguments: [
            (2 * hour, DeliverStart.deliver),
            (4 * hour, DeliverStart.idle(rearm: false)),
        ])
    func backlogPastGrace(grace: Int64, expected: DeliverStart) throws {
        let f = try Fixture()
        try f.plan([Self.item("capped", due: Self.now - 3 * Self.hour, state: .backlog)])
        #expect(try f.check(grace: grace) == expected)
    }

    /// A wake file and what an idle run makes of it.
    struct WakeCase: Sendable, CustomTestStringConvertible {
        let wake: TidingsConfig.Wake?
        let recorded: WakeState?
        let rearm: Bool
        let testDescription: String
    }

    @Test(
        "An idle run arms the next wake-up only when the exact one armed last has come",
        arguments: [
            WakeCase(
                wake: .exact, recorded: WakeState(mechanism: .systemd, armedAt: now - minute), rearm: true,
                testDescription: "the systemd timer armed a minute ago"),
            WakeCase(
                wake: .exact, recorded: WakeState(mechanism: .at, armedAt: now), rearm: true,
                testDescription: "the at job armed for now: this run"),
            WakeCase(
                wake: nil, recorded: WakeState(mechanism: .systemd, armedAt: now - minute), rearm: true,
                testDescription: "wake left out of the config, exact wake-ups in use"),
            WakeCase(
                wake: .exact, recorded: WakeState(mechanism: .systemd, armedAt: now + hour), rearm: false,
                testDescription: "the wake-up armed is still ahead"),
            WakeCase(wake: .exact, recorded: nil, rearm: false, testDescription: "no wake file"),
            WakeCase(
                wake: .exact, recorded: WakeState(mechanism: .unarmed), rearm: false,
                testDescription: "exact, but nothing was ever due"),
            WakeCase(
                wake: .exact, recorded: WakeState(mechanism: .minute, armedAt: now - minute, note: "systemd-run: failed"), rearm: false,
                testDescription: "every mechanism failed: the every-minute timer does it"),
            WakeCase(
                wake: .minute, recorded: WakeState(mechanism: .systemd, armedAt: now - minute), rearm: false,
                testDescription: "wake = minute: the file of an earlier config is not read"),
        ])
    func rearming(_ wakeCase: WakeCase) throws {
        let f = try Fixture()
        try f.plan([Self.item("later", due: Self.now + Self.hour)])
        if let recorded = wakeCase.recorded { try f.recordWakeUp(recorded) }
        #expect(try f.check(wake: wakeCase.wake) == .idle(rearm: wakeCase.rearm))
    }
}
