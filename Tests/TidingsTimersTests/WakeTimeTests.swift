import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsTimers

/// The forms of a wake-up's time, and how wake-ups are recorded.
@Suite struct WakeTimeTests {
    static let now = TestClock.at("2026-11-22T05:00:00Z")

    @Test(
        "systemd's calendar form is UTC to the second; the unit name follows it",
        arguments: [
            ("2026-11-22T07:30:00+01:00", "2026-11-22 06:30:00 UTC", "tidings-wake-40667431-20261122-063000"),
            ("2026-11-22T06:30:00.250Z", "2026-11-22 06:30:01 UTC", "tidings-wake-40667431-20261122-063001"),
            ("2027-03-28T02:30:00Z", "2027-03-28 02:30:00 UTC", "tidings-wake-40667431-20270328-023000"),
        ])
    func calendarSpec(due: String, spec: String, unit: String) {
        let time = WakeTime(due: TestClock.at(due), now: Self.now)
        #expect(time.calendarSpec == spec)
        #expect(time.unitName(for: "/opt/t/deliver --db /d/t.sqlite") == unit)
    }

    @Test("the unit name's hash is FNV-1a's, the same in every run; two databases due at the same second get two names")
    func unitNameHash() {
        #expect(WakeTime.shortHash("a") == "af63dc4c")
        #expect(WakeTime.shortHash("") == "cbf29ce4")
        let time = WakeTime(due: TestClock.at("2026-11-22T06:30:00Z"), now: Self.now)
        let one = time.unitName(for: "/opt/t/deliver --db /home/a/one.sqlite")
        let other = time.unitName(for: "/opt/t/deliver --db /home/a/other.sqlite")
        #expect(one != other)
        #expect(one.hasSuffix("-20261122-063000") && other.hasSuffix("-20261122-063000"))
    }

    @Test("a due time already past is armed a second from now, never in the past")
    func pastDue() {
        let time = WakeTime(due: Self.now - 3_600_000, now: Self.now + 400)
        #expect(time.instant == Self.now + 1000)
        #expect(time.calendarSpec == "2026-11-22 05:00:01 UTC")
    }

    @Test(
        "at's -t time is local wall time, on the minute, never before the item is due",
        arguments: [
            ("2026-11-22T07:30:00+01:00", "Europe/Berlin", "202611220730"),
            ("2026-11-22T07:30:20+01:00", "Europe/Berlin", "202611220731"),
            ("2026-11-22T06:30:00Z", "America/New_York", "202611220130"),
            ("2026-12-31T23:59:30Z", "UTC", "202701010000"),
        ])
    func atTime(due: String, zone: String, expected: String) {
        #expect(WakeTime(due: TestClock.at(due), now: Self.now).atTime(in: Zone.named(zone)) == expected)
    }

    @Test("the state file's text reads back as written; an unknown mechanism reads as nothing")
    func stateRoundTrip() {
        let states = [
            WakeState(mechanism: .systemd, armedAt: Self.now, handle: "tidings-wake-20261122-050000"),
            WakeState(
                mechanism: .at, armedAt: Self.now, handle: "12", note: "systemd-run: exit status 1", command: "TZ=UTC /b/deliver --db /d/t.sqlite"),
            WakeState(mechanism: .minute, note: "at: not installed (not on PATH)"),
            WakeState(mechanism: .unarmed),
        ]
        for state in states { #expect(WakeState.parse(state.text) == state) }
        #expect(WakeState.parse("mechanism=cron\n") == nil)
        #expect(WakeState.parse("") == nil)
    }

    @Test("deliver arms again once the armed time has come, never for the minute timer")
    func rearming() {
        let armed = WakeState(mechanism: .systemd, armedAt: Self.now, handle: "x")
        #expect(!armed.needsRearming(at: Self.now - 1))
        #expect(armed.needsRearming(at: Self.now))
        #expect(!WakeState(mechanism: .systemd).needsRearming(at: Self.now))
        #expect(!WakeState(mechanism: .minute, armedAt: Self.now).needsRearming(at: Self.now + 1))
    }

    @Test("doctor's words for each mechanism")
    func summaries() {
        let zone = Zone.named("Europe/Berlin")
        #expect(WakeState(mechanism: .systemd, armedAt: Self.now).summary(in: zone) == "exact (systemd-run), next 2026-11-22T06:00:00+01:00")
        #expect(WakeState(mechanism: .at).summary(in: zone) == "exact (at), nothing due")
        #expect(WakeState(mechanism: .minute, note: "wake = \"minute\"").summary(in: zone) == "every minute (wake = \"minute\")")
        #expect(WakeState(mechanism: .unarmed).summary(in: zone) == "exact, nothing due yet")
    }

    @Test("shell words are quoted only when they need it")
    func shellWords() {
        #expect(
            ShellWords.line(["/usr/bin/deliver", "--db", "/tmp/my db/x.sqlite", "it's"])
                == "/usr/bin/deliver --db '/tmp/my db/x.sqlite' 'it'\\''s'")
    }
}
