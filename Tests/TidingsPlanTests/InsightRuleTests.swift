import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Insights: gated on engagement, at most one a day, as often as `insights.frequency` says.
@Suite struct InsightRuleTests {
    typealias I = InsightFixture

    @Test("No insight before 3 taps; the third tap starts them")
    func gatedOnTaps() throws {
        let f = try I()
        // The prefetch that stored the calendar logged no run: the user started today.
        try f.ran(at: f.now - PlanFixture.hour)
        #expect(try f.plan() == [])
        try f.engage(2, at: f.now - 2 * PlanFixture.day)
        #expect(try f.plan() == [], "two taps are not enough")
        try f.engage(1, at: f.now - PlanFixture.day, prefix: "more")
        #expect(try f.plan() == ["insight:2026-11-23"], "smart: the next one not before three days")
        let insight = try #require(try f.insights().first)
        #expect(insight.kind == .insight && insight.category == .system && insight.generator == .template)
        #expect(insight.dueAt == I.berlin("2026-11-23T12:00") && insight.plannedLocal == "2026-11-23T12:00")
        #expect(insight.expiresAt == I.berlin("2026-11-24T00:00"), "it expires at the end of its day")
        #expect(insight.title == "Fewer meeting hours this week")
        #expect(insight.body == "4 h in meetings over the past 7 days, 6 h less than the week before (10 h).")
        #expect(insight.subject == "insight:meeting-hours" && insight.priority == Importance.insight)
    }

    @Test("Dismissals do not count as taps")
    func dismissalsAreNotTaps() throws {
        let f = try I()
        try f.ran(at: f.now - PlanFixture.hour)
        try f.engage(5, .dismissed, at: f.now - PlanFixture.day)
        #expect(try f.plan() == [])
    }

    @Test("Seven days after the first run or delivery insights start, counted to each insight's time")
    func gatedOnDays() throws {
        let f = try I()
        // 6.5 days before Monday 12:00, 7.5 before Tuesday's.
        try f.ran(at: I.berlin("2026-11-17T00:00"))
        try f.ran(at: I.berlin("2026-11-20T00:00"), stage: .plan)
        #expect(try f.plan() == ["insight:2026-11-24"])
        let earlier = try I()
        try earlier.ran(at: I.berlin("2026-11-16T12:00"), stage: .deliver)
        #expect(try earlier.plan() == ["insight:2026-11-23"], "exactly seven days count")
    }

    @Test(
        "min_taps and min_days change the gate",
        arguments: [
            (0, 7, ["insight:2026-11-23"]), (3, 0, ["insight:2026-11-23"]), (3, 7, []), (1000, 3650, []),
        ])
    func gateSettings(taps: Int, days: Int, expected: [String]) throws {
        let f = try I {
            $0.minTaps = taps
            $0.minDays = days
        }
        try f.ran(at: f.now - PlanFixture.hour)
        #expect(try f.plan() == expected)
    }

    @Test(
        "Frequency: smart only when notable and every few days, daily each day, weekly on Mondays, off never",
        arguments: [
            (TidingsConfig.Insights.Frequency.smart, I.fewerMeetings, ["insight:2026-11-23"]),
            (.smart, I.steadyMeetings, []),
            (.daily, I.fewerMeetings, ["insight:2026-11-23", "insight:2026-11-24", "insight:2026-11-25"]),
            (.daily, I.steadyMeetings, ["insight:2026-11-23", "insight:2026-11-24", "insight:2026-11-25"]),
            (.weekly, I.fewerMeetings, ["insight:2026-11-23"]),
            (.off, I.fewerMeetings, []),
        ])
    func frequency(frequency: TidingsConfig.Insights.Frequency, calendar: String, expected: [String]) throws {
        let f = try I(calendar: calendar) {
            $0.frequency = frequency
            $0.minTaps = 0
        }
        #expect(try f.plan() == expected)
        if frequency == .daily && calendar == I.steadyMeetings {
            #expect(try f.insights().first?.title == "As many meeting hours as last week")
        }
    }

    @Test("Weekly insights wait for a Monday")
    func weeklyWaitsForMonday() throws {
        let f = try I {
            $0.frequency = .weekly
            $0.minTaps = 0
        }
        #expect(try f.plan(at: I.berlin("2026-11-24T08:00"), horizon: 5 * PlanFixture.day) == [])
        #expect(try f.plan(at: I.berlin("2026-11-24T08:00"), horizon: 7 * PlanFixture.day) == ["insight:2026-11-30"])
    }

    @Test("Smart keeps three days from the last insight, delivered or pending")
    func smartGap() throws {
        let f = try I { $0.minTaps = 0 }
        let earlier = NotificationRecord(
            id: "insight:2026-11-21", kind: .insight, category: .system, title: "T", body: "B", deepLink: nil,
            dueAt: I.berlin("2026-11-21T12:00"), plannedLocal: "2026-11-21T12:00", plannedZone: "Europe/Berlin", staleness: .fresh,
            contentFetchTime: nil, now: I.berlin("2026-11-20T12:00"))
        _ = try f.db.applyPlan([earlier], now: I.berlin("2026-11-20T12:00"))
        #expect(try f.plan().filter { $0 != earlier.id } == ["insight:2026-11-24"])
    }

    @Test("At most one a day: a day whose insight went out gets no other, even at a later time")
    func oncePerDay() throws {
        let f = try I {
            $0.frequency = .daily
            $0.minTaps = 0
        }
        #expect(try f.plan(at: I.berlin("2026-11-22T11:00"), horizon: PlanFixture.day) == ["insight:2026-11-22"])
        let sent = try f.db.claimDue(at: I.berlin("2026-11-22T12:00"))
        try f.db.recordDeliveries(
            sent.map {
                DeliveryRecord(
                    notificationId: $0.id, scheduledTime: $0.dueAt, actualDeliveryTime: $0.dueAt, contentAge: nil, staleness: .fresh,
                    channel: .inbox, outcome: .delivered)
            }, now: I.berlin("2026-11-22T12:00"))
        // The time moves to 21:00 after today's went out: today's stays as it was, tomorrow's comes at 21:00.
        f.config.insights.time = WallTime(hour: 21, minute: 0) ?? .midnight
        #expect(try f.plan(at: I.berlin("2026-11-22T20:30"), horizon: 2 * PlanFixture.day) == ["insight:2026-11-23"])
        let today = try f.db.notifications(ids: ["insight:2026-11-22"])["insight:2026-11-22"]
        #expect(today?.state == .delivered && today?.dueAt == I.berlin("2026-11-22T12:00"))
    }

    @Test("Turning insights off cancels the pending ones")
    func offCancels() throws {
        let f = try I {
            $0.frequency = .daily
            $0.minTaps = 0
        }
        #expect(try f.plan().count == 3)
        f.config.insights.frequency = .off
        #expect(try f.plan() == [])
        let cancelled = try f.db.notifications(ids: ["insight:2026-11-23"])["insight:2026-11-23"]
        #expect(cancelled?.state == .cancelled && cancelled?.stateReason == "insights are turned off")
    }

    @Test("Insights in German with LANG=de_DE.UTF-8")
    func german() throws {
        let f = try I { $0.minTaps = 0 }
        try f.plan(wording: .templates(environment: ["LANG": "de_DE.UTF-8"]))
        let insight = try #require(try f.insights().first)
        #expect(insight.title == "Weniger Zeit in Terminen")
        #expect(insight.body == "4 Std. in Terminen in den letzten 7 Tagen, 6 Std. weniger als in der Woche davor (10 Std.).")
    }

    @Test("Reading and stale content from the past week; without a calendar they are all there is")
    func historyInsights() throws {
        let f = try I(calendar: InsightFixture.meetings(on: [])) {
            $0.frequency = .daily
            $0.minTaps = 0
        }
        f.config.sources = []
        try f.engage(2, at: f.now - 2 * PlanFixture.day)
        try f.engage(6, .dismissed, at: f.now - PlanFixture.day, prefix: "dismissed")
        #expect(try f.plan().count == 3)
        let insights = try f.insights()
        // The notable one first, then the other, then the first again.
        #expect(insights.map(\.subject) == ["insight:engagement", "insight:stale-content", "insight:engagement"])
        #expect(insights[0].body.hasPrefix("You dismissed 6 of the 8 notifications you acted on in the past 7 days."))
        #expect(insights[1].title == "Everything was fresh this week")
    }

    @Test(
        "What is notable",
        arguments: [
            (InsightHistory(), nil as WeekFacts?, [] as [String], [] as [Bool]),
            (history(opened: 1, dismissed: 1), nil, [], []),
            (history(opened: 1, dismissed: 4), nil, ["engagement"], [true]),
            (history(opened: 3, dismissed: 2), nil, ["engagement"], [false]),
            (history(delivered: 10, stale: 3), nil, ["stale-content"], [true]),
            (history(delivered: 10, stale: 2), nil, ["stale-content"], [false]),
            (
                history(opened: 3, dismissed: 0, delivered: 10, stale: 5), week(hours: 5, before: 4),
                ["stale-content", "meeting-hours", "engagement"], [true, false, false]
            ),
            (InsightHistory(), week(hours: 6, before: 10), ["meeting-hours"], [true]),
            (InsightHistory(), week(hours: 30, before: 28), ["meeting-hours"], [false]),
            (InsightHistory(), week(hours: 0, before: 0), [], []),
        ])
    func notable(history: InsightHistory, meetings: WeekFacts?, topics: [String], notable: [Bool]) {
        let candidates = InsightRule.candidates(history: history, meetings: meetings)
        #expect(candidates.map(\.facts.topic) == topics)
        #expect(candidates.map(\.notable) == notable)
    }

    @Test("The choice avoids the previous topic, and smart takes only notable ones")
    func choice() {
        let candidates = InsightRule.candidates(history: Self.history(opened: 3, dismissed: 0, delivered: 10, stale: 5), meetings: nil)
        #expect(InsightRule.choose(candidates, after: nil, notableOnly: false)?.topic == "stale-content")
        #expect(InsightRule.choose(candidates, after: "insight:stale-content", notableOnly: false)?.topic == "engagement")
        #expect(InsightRule.choose(candidates, after: "insight:stale-content", notableOnly: true)?.topic == "stale-content")
        #expect(InsightRule.choose(Array(candidates.dropFirst()), after: nil, notableOnly: true) == nil)
    }

    static func history(opened: Int = 0, dismissed: Int = 0, delivered: Int = 0, stale: Int = 0) -> InsightHistory {
        var history = InsightHistory()
        history.opened = opened
        history.dismissed = dismissed
        history.delivered = delivered
        history.stale = stale
        return history
    }

    static func week(hours: Int64, before: Int64) -> WeekFacts {
        var week = WeekFacts()
        week.past.millis = hours * PlanFixture.hour
        week.before.millis = before * PlanFixture.hour
        return week
    }
}
