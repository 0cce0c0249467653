import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsTimers

/// The `next:` line of tidings init.
@Suite struct UpcomingTextTests {
    static let berlin = Zone.named("Europe/Berlin")
    /// Monday 2026-11-23, 06:00 in Berlin.
    static let now = TestClock.at("2026-11-23T06:00", in: berlin)

    static func item(_ kind: NotificationKind, at local: String, title: String = "T") -> NotificationRecord {
        NotificationRecord(
            id: "\(kind):\(local)", kind: kind, category: .system, title: title, body: "B", deepLink: nil, dueAt: TestClock.at(local, in: berlin),
            plannedLocal: local, plannedZone: "Europe/Berlin", staleness: .fresh, contentFetchTime: now, expiresAt: nil, now: now)
    }

    @Test(
        "the day in words: today, tomorrow, a weekday within the week, else the date",
        arguments: [
            ("2026-11-23T14:50", "today 14:50"), ("2026-11-24T07:30", "tomorrow 07:30"),
            ("2026-11-29T18:00", "Sunday 18:00"), ("2026-11-30T07:30", "2026-11-30 07:30"), ("2026-11-22T23:00", "2026-11-22 23:00"),
        ])
    func day(local: String, text: String) {
        #expect(UpcomingText.when(TestClock.at(local, in: Self.berlin), now: Self.now, zone: Self.berlin) == text)
    }

    @Test("each item by its kind, a scheduled one by its title, joined with semicolons; nothing is nil")
    func line() {
        let items = [
            Self.item(.meeting, at: "2026-11-23T14:50"), Self.item(.daily, at: "2026-11-24T07:30"),
            Self.item(.weekly, at: "2026-11-29T18:00"), Self.item(.schedule, at: "2026-11-30T09:00", title: "Launch"),
        ]
        #expect(
            UpcomingText.line(items, now: Self.now, zone: Self.berlin)
                == "meeting reminder today 14:50; daily update tomorrow 07:30; weekly summary Sunday 18:00; \"Launch\" 2026-11-30 09:00")
        #expect(UpcomingText.line([], now: Self.now, zone: Self.berlin) == nil)
    }
}
