import Testing
import TidingsCore
import TidingsStore

@testable import TidingsPlan

/// The occurrences of repeating reminders, as every plan run creates them again.
@Suite struct ReminderRuleTests {
    static let berlin = PlanFixture.berlin
    static let minute = PlanFixture.minute
    static let hour = PlanFixture.hour

    /// An instant written in Berlin time.
    static func at(_ text: String) throws -> EpochMillis {
        try #require(ISOTime.parse(text, in: berlin))
    }

    static func rule(_ every: Repetition, first: String, until: String? = nil) throws -> ReminderRecord {
        ReminderRecord(
            id: "reminder:test", category: .system, title: "Drink water", body: "", deepLink: nil, channels: [.stdout],
            every: every, firstAt: try at(first), untilAt: try until.map(at), zone: "Europe/Berlin", now: try at(first) - hour)
    }

    static let quiet = ReminderRule(quietHours: QuietHours(enabled: true, start: WallTime("22:00")!, end: WallTime("07:00")!))

    @Test("A span repeat through quiet hours sends the night's last occurrence at the window's end, the same one from every run")
    func quietNight() throws {
        let rule = try Self.rule(.every(2 * Self.hour), first: "2026-11-23T16:00", until: "2026-11-24T12:00")
        var seen: [String: EpochMillis] = [:]
        for now in ["2026-11-23T15:00", "2026-11-23T17:30", "2026-11-23T21:30", "2026-11-23T23:10", "2026-11-24T04:59", "2026-11-24T06:30"] {
            for item in Self.quiet.occurrences(of: rule, now: try Self.at(now), horizon: 3 * Self.hour, zone: Self.berlin) {
                #expect(seen[item.id] == nil || seen[item.id] == item.dueAt, "\(item.id) moved")
                seen[item.id] = item.dueAt
                #expect(item.kind == .reminder && item.priority == Importance.reminder && item.channels == [.stdout] && item.subject == rule.id)
            }
        }
        // 22:00, 00:00, 02:00 and 04:00 fall in the window; 06:00 is its last and goes at 07:00.
        #expect(
            seen.keys.sorted() == ["16:00", "18:00", "20:00"].map { "reminder:test@2026-11-23T\($0)" }
                + ["06:00", "08:00"].map { "reminder:test@2026-11-24T\($0)" })
        #expect(seen["reminder:test@2026-11-24T06:00"] == (try Self.at("2026-11-24T07:00")))
    }

    @Test("A night cut by the limit of 24 ahead is still read to its end: one occurrence at the window's end, whoever plans")
    func quietNightAhead() throws {
        let rule = try Self.rule(.every(30 * Self.minute), first: "2026-11-23T08:00")
        var atSeven: Set<String> = []
        for now in ["2026-11-23T14:00", "2026-11-23T18:10", "2026-11-23T20:00", "2026-11-23T23:40", "2026-11-24T06:45"] {
            let items = Self.quiet.occurrences(of: rule, now: try Self.at(now), horizon: 2 * 24 * Self.hour, zone: Self.berlin)
            #expect(items.count <= ReminderRule.ahead)
            atSeven.formUnion(items.filter { $0.dueAt == (try? Self.at("2026-11-24T07:00")) }.map(\.id))
        }
        // The night's occurrences fall on 07:00's own: that one goes, alone.
        #expect(atSeven == ["reminder:test@2026-11-24T07:00"])
    }

    @Test("Daily and weekday repeats: one per day at the wall time, from the first day, within the horizon and --until")
    func days() throws {
        let daily = try Self.rule(.daily, first: "2026-11-27T09:55", until: "2026-11-30T23:59")
        let now = try Self.at("2026-11-26T12:00")
        let days = ReminderRule(quietHours: QuietHours(enabled: false, start: .midnight, end: .midnight))
        #expect(
            days.occurrences(of: daily, now: now, horizon: 10 * 24 * Self.hour, zone: Self.berlin).map(\.id)
                == ["27", "28", "29", "30"].map { "reminder:test@2026-11-\($0)" })
        let weekdays = try Self.rule(.weekdays, first: "2026-11-27T09:55")
        let items = days.occurrences(of: weekdays, now: now, horizon: 4 * 24 * Self.hour, zone: Self.berlin)
        #expect(items.map(\.id) == ["reminder:test@2026-11-27", "reminder:test@2026-11-30"])
        #expect(items.map(\.plannedLocal) == ["2026-11-27T09:55", "2026-11-30T09:55"])
    }

    @Test("At most 24 occurrences ahead, none before now")
    func ahead() throws {
        let rule = try Self.rule(.every(30 * Self.minute), first: "2026-11-23T08:00")
        let off = ReminderRule(quietHours: QuietHours(enabled: false, start: .midnight, end: .midnight))
        let items = off.occurrences(of: rule, now: try Self.at("2026-11-23T10:10"), horizon: 2 * 24 * Self.hour, zone: Self.berlin)
        #expect(items.count == ReminderRule.ahead)
        #expect(items.first?.id == "reminder:test@2026-11-23T10:30")
    }

    @Test("A reminder takes a pending place before anything planned")
    func cap() {
        let planned = (0..<3).map { PendingCapTests.reminder($0, priority: 8) }
        var mine = PendingCapTests.reminder(9, priority: Importance.reminder)
        mine.kind = .reminder
        let assigned = PendingCap(limit: 1).assign(planned + [mine], now: 0)
        #expect(assigned.first { $0.state == .pending }?.kind == .reminder)
    }

    @Test("Across a change of zone: a repeat keeps each occurrence's wall time, even moving east, where its first day comes earlier")
    func repeatMovedEast() throws {
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        // Added in Berlin on Monday for 09:55 from Tuesday; the user is in Tokyo on Monday evening there.
        let daily = try Self.rule(.daily, first: "2026-11-24T09:55")
        let now = try Self.at("2026-11-23T12:00")  // 20:00 in Tokyo
        let days = ReminderRule(quietHours: QuietHours(enabled: false, start: .midnight, end: .midnight))
        let items = days.occurrences(of: daily, now: now, horizon: 2 * 24 * Self.hour, zone: tokyo)
        #expect(items.map(\.id) == ["reminder:test@2026-11-24", "reminder:test@2026-11-25"])
        #expect(items.map { ISOTime.format($0.dueAt, in: tokyo) } == ["2026-11-24T09:55:00+09:00", "2026-11-25T09:55:00+09:00"])
        #expect(days.next(of: daily, now: now, zone: tokyo)?.id == "reminder:test@2026-11-24")
    }

    @Test("A one-off reminder placed again: --at keeps its wall time unless that has passed there, --in its instant; the same zone changes nothing")
    func oneOffPlaced() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let now = try Self.at("2026-11-23T20:00")
        func reminder(_ anchor: TimeAnchor, at text: String) throws -> NotificationRecord {
            Self.quiet.oneOff(
                id: "reminder:\(anchor)", category: .system, title: "T", body: "", deepLink: nil, channels: nil, at: try Self.at(text),
                anchor: anchor, now: now, zone: Self.berlin)
        }
        // Held to 07:00 by quiet hours in Berlin.
        let late = try reminder(.wall, at: "2026-11-23T23:00")
        #expect(late.dueAt == (try Self.at("2026-11-24T07:00")))
        #expect(Self.quiet.placed(late, now: now, zone: Self.berlin) == late, "the same zone changes nothing")
        #expect(ISOTime.format(Self.quiet.placed(late, now: now, zone: newYork).dueAt, in: newYork) == "2026-11-24T07:00:00-05:00")
        let timer = try reminder(.instant, at: "2026-11-23T23:00")
        #expect(ISOTime.format(Self.quiet.placed(timer, now: now, zone: newYork).dueAt, in: newYork) == "2026-11-23T17:00:00-05:00")
        // Moving east, 21:30 has passed in Tokyo (04:00 there): the reminder keeps its instant,
        // 05:30 in Tokyo, and Tokyo's quiet hours hold it to 07:00 there.
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        let evening = try reminder(.wall, at: "2026-11-23T21:30")
        #expect(ISOTime.format(Self.quiet.placed(evening, now: now, zone: tokyo).dueAt, in: tokyo) == "2026-11-24T07:00:00+09:00")
        // An item the user moved keeps the time they gave.
        var held = late
        held.holdForUser()
        #expect(Self.quiet.placed(held, now: now, zone: newYork) == held)
    }
}
