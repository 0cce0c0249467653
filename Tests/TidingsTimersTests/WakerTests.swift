import Foundation
import Testing
import TidingsCore
import TidingsProcess
import TidingsStore
import TidingsTestSupport

@testable import TidingsTimers

/// Arming wake-ups with stand-in systemd-run, systemctl and at programs on PATH, and the
/// next due time they are armed for.
@Suite(.serialized) struct WakerTests {
    static let now = TestClock.at("2026-11-22T05:00:00Z")
    static let due = TestClock.at("2026-11-22T06:30:00Z")
    static let deliver = ["/opt/t/deliver", "--db", "/d/t.sqlite"]
    static let berlin = Zone.named("Europe/Berlin")

    /// The unit armed for `due` by `waker(_:)`: the hash is that of `TZ=Europe/Berlin /opt/t/deliver --db /d/t.sqlite`.
    static let unit = "tidings-wake-74c37972-20261122-063000"

    func waker(_ fakes: FakePrograms, tz: String? = "Europe/Berlin", logFile: String? = nil) -> Waker {
        var environment = ["PATH": fakes.folder]
        environment["TZ"] = tz
        return Waker(deliverCommand: Self.deliver, logFile: logFile, processes: BoundedProcess(environment: environment), zone: Self.berlin)
    }

    @Test("systemd-run arms a transient user timer at the due second, AccuracySec=1s, running deliver")
    func systemd() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run")
        try fakes.install("at")
        let result = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(
            fakes.calls("systemd-run") == [
                [
                    "--user", "--unit=\(Self.unit)", "--description=Tidings: deliver what is due",
                    "--on-calendar=2026-11-22 06:30:00 UTC", "--timer-property=AccuracySec=1s", "--property=KillMode=process", "--collect",
                    "--setenv=TZ=Europe/Berlin", "/opt/t/deliver", "--db", "/d/t.sqlite",
                ]
            ])
        #expect(fakes.calls("at").isEmpty)
        #expect(
            result.state
                == WakeState(
                    mechanism: .systemd, armedAt: Self.due, handle: Self.unit, command: "TZ=Europe/Berlin /opt/t/deliver --db /d/t.sqlite"))
        #expect(result.problems.isEmpty)
    }

    @Test("re-arming stops the timer armed before; without TZ no --setenv")
    func rearm() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        let previous = WakeState(mechanism: .systemd, armedAt: Self.due, handle: "tidings-wake-20261122-063000")
        let later = Self.due + 3_600_000
        let result = await waker(fakes, tz: nil).arm(due: later, now: Self.now, previous: previous, exact: true)
        #expect(fakes.calls("systemctl") == [["--user", "stop", "tidings-wake-20261122-063000.timer"]])
        #expect(fakes.calls("systemd-run").first?.contains("--on-calendar=2026-11-22 07:30:00 UTC") == true)
        #expect(fakes.calls("systemd-run").first?.contains { $0.hasPrefix("--setenv") } == false)
        #expect(result.state.handle == "tidings-wake-40667431-20261122-073000")
    }

    @Test("a wake-up already armed for the same instant and command is left as it is; another command arms anew")
    func sameInstant() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run")
        try fakes.install("systemctl")
        let first = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        let again = await waker(fakes).arm(due: Self.due, now: Self.now + 60_000, previous: first.state, exact: true)
        #expect(again.state == first.state)
        #expect(fakes.calls("systemd-run").count == 1)
        #expect(fakes.calls("systemctl").isEmpty, "the armed timer is not stopped")

        // The same instant for another database: stopped and armed under another name.
        var other = waker(fakes)
        other.deliverCommand = ["/opt/t/deliver", "--db", "/e/t.sqlite"]
        let moved = await other.arm(due: Self.due, now: Self.now, previous: first.state, exact: true)
        #expect(fakes.calls("systemctl") == [["--user", "stop", Self.unit + ".timer"]])
        #expect(fakes.calls("systemd-run").count == 2)
        #expect(moved.state.handle != Self.unit)
        #expect(moved.state.handle?.hasSuffix("-20261122-063000") == true)
    }

    @Test("systemd-run saying our unit already exists (a run at the same moment armed it) is success; another unit's is not")
    func alreadyExists() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run", status: 1, error: "Failed to start transient timer unit: Unit \(Self.unit).timer already exists.\n")
        try fakes.install("at", error: "job 5 at Sun Nov 22 07:30:00 2026\n")
        let result = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(result.state.mechanism == .systemd)
        #expect(result.state.handle == Self.unit)
        #expect(result.problems.isEmpty)
        #expect(fakes.calls("at").isEmpty)

        try fakes.install(
            "systemd-run", status: 1, error: "Failed to start transient timer unit: Unit run-u7.timer was already loaded or has a fragment file.\n")
        let other = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(other.state.mechanism == .at)
    }

    @Test("systemd-run failing falls back to an at job at the local minute, with deliver on its input")
    func atFallback() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run", status: 1, error: "Failed to connect to bus: No medium found\n")
        try fakes.install("at", error: "warning: commands will be executed using /bin/sh\njob 17 at Sun Nov 22 07:30:00 2026\n")
        let result = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(fakes.calls("at") == [["-t", "202611220730"]])
        #expect(fakes.input("at") == "/opt/t/deliver --db /d/t.sqlite\n")
        _ = await waker(fakes, logFile: "/d/my logs/deliver.log").arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(
            fakes.input("at").hasSuffix("\n/opt/t/deliver --db /d/t.sqlite >>'/d/my logs/deliver.log' 2>&1\n"),
            "the job's output goes to the log, not to mail")
        #expect(result.state.mechanism == .at)
        #expect(result.state.handle == "17")
        #expect(result.problems == ["systemd-run: exit status 1: Failed to connect to bus: No medium found"])

        // Armed again: the earlier job is removed first.
        try fakes.install("atrm")
        _ = await waker(fakes).arm(due: Self.due + 60_000, now: Self.now, previous: result.state, exact: true)
        #expect(fakes.calls("atrm") == [["17"]])
    }

    @Test("neither systemd-run nor at: the minute timer, and the reasons")
    func minuteFallback() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run", status: 1, error: "Failed to connect to bus\n")
        let result = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: true)
        #expect(result.state.mechanism == .minute)
        #expect(result.state.armedAt == nil)
        #expect(result.problems == ["systemd-run: exit status 1: Failed to connect to bus", "at: not installed (not on PATH)"])
    }

    @Test("wake = minute and nothing due arm nothing")
    func nothingArmed() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemd-run")
        let minute = await waker(fakes).arm(due: Self.due, now: Self.now, previous: nil, exact: false)
        #expect(minute.state == WakeState(mechanism: .minute, note: "wake = \"minute\""))
        let idle = await waker(fakes).arm(due: nil, now: Self.now, previous: WakeState(mechanism: .systemd), exact: true)
        #expect(idle.state.mechanism == .systemd)
        #expect(idle.state.armedAt == nil)
        #expect(fakes.calls("systemd-run").isEmpty)
    }

    @Test(
        "nothing due on a fresh install is its own state, not the minute timer; a failure found before stays",
        arguments: [
            (nil, WakeState(mechanism: .unarmed)),
            (WakeState(mechanism: .minute, note: "wake = \"minute\""), WakeState(mechanism: .unarmed)),
            (
                WakeState(mechanism: .minute, note: "systemd-run: exit status 1; at: not installed"),
                WakeState(mechanism: .minute, note: "systemd-run: exit status 1; at: not installed")
            ),
        ] as [(WakeState?, WakeState)])
    func nothingDueYet(previous: WakeState?, expected: WakeState) async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        #expect(await waker(fakes).arm(due: nil, now: Self.now, previous: previous, exact: true).state == expected)
    }

    @Test("runs re-arming at the same moment take turns on <database>.wake.lock: the second finds the first's wake-up and leaves it")
    func concurrentRearming() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemctl")
        // A systemd-run that takes a moment, so that both runs are under way together.
        let calls = fakes.folder + "/systemd-run.calls"
        try "#!/bin/sh\necho \"$2\" >> '\(calls)'\n/bin/sleep 0.4\n".write(toFile: fakes.folder + "/systemd-run", atomically: true, encoding: .utf8)
        chmod(fakes.folder + "/systemd-run", 0o755)
        let database = try folder.database()
        let item = NotificationRecord(
            id: "t:0", kind: .daily, category: .system, title: "T", body: "B", deepLink: nil, dueAt: Self.due,
            plannedLocal: "2026-11-22T07:30", plannedZone: "UTC", staleness: .fresh, contentFetchTime: Self.now, expiresAt: nil, now: Self.now)
        _ = try database.applyPlan([item], now: Self.now)
        let environment = ["PATH": fakes.folder, "XDG_RUNTIME_DIR": folder.path]
        async let first = WakeUp.rearm(
            database: database, wake: .exact, deliver: Self.deliver, now: Self.now, zone: Self.berlin, environment: environment)
        async let second = WakeUp.rearm(
            database: database, wake: .exact, deliver: Self.deliver, now: Self.now, zone: Self.berlin, environment: environment)
        let states = await [first.state, second.state]
        #expect(states[0] == states[1])
        #expect(states[0].mechanism == .systemd)
        #expect(try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(fakes.calls("systemctl").isEmpty)
        #expect(FileManager.default.fileExists(atPath: database.localStem + ".wake.lock"))
    }

    @Test("the next due time: the earliest pending item or webhook retry; none on an empty database")
    func nextDueTime() throws {
        let folder = try TemporaryDirectory()
        let database = try folder.database()
        #expect(try database.nextDueTime() == nil)
        let items = [Self.due, Self.due - 600_000].enumerated().map { n, due in
            NotificationRecord(
                id: "t:\(n)", kind: .daily, category: .system, title: "T", body: "B", deepLink: nil, dueAt: due,
                plannedLocal: "2026-11-22T07:30", plannedZone: "UTC", staleness: .fresh, contentFetchTime: Self.now,
                expiresAt: nil, now: Self.now)
        }
        _ = try database.applyPlan(items, now: Self.now)
        #expect(try database.nextDueTime() == Self.due - 600_000)
        try database.recordRun(
            deliveries: [],
            retries: [ScheduledRetry(notificationId: "t:0", channel: .webhook("a"), attempts: 1, nextAttemptAt: Self.now + 60_000, lastError: "503")],
            cancelled: [:], now: Self.now)
        #expect(try database.nextDueTime() == Self.now + 60_000)
    }
}
