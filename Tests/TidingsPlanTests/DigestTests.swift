import Testing
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Merging items of one kind due close together into one digest (`tidings pending --group`).
@Suite struct DigestTests {
    static let now = utc("2026-11-23T07:00:00Z")
    static let minute = PlanFixture.minute

    /// A meeting reminder due `due` minutes after `now`, for a meeting starting 10 minutes later.
    func reminder(_ id: String, due: Int64, title: String? = nil) -> NotificationRecord {
        NotificationRecord(
            id: id, kind: .meeting, category: .transactional, title: title ?? "Meeting \(id)", body: "Starts soon",
            deepLink: "https://meet.example.org/\(id)", dueAt: Self.now + due * Self.minute, plannedLocal: "x",
            plannedZone: "UTC", staleness: .fresh, contentFetchTime: nil, priority: 1,
            expiresAt: Self.now + (due + 10) * Self.minute, now: 0)
    }

    @Test(
        "Clusters start at their earliest item and take what is due within the window of it; lone items stay",
        arguments: [
            (dues: [0, 2, 4, 30], window: 5, clusters: [[0, 2, 4]]),
            (dues: [0, 3, 6, 9], window: 5, clusters: [[0, 3], [6, 9]]),
            (dues: [0, 5, 10], window: 5, clusters: [[0, 5]]),
            (dues: [0, 10, 20], window: 5, clusters: []),
            (dues: [7, 0, 7, 1], window: 1, clusters: [[0, 1], [7, 7]]),
        ] as [(dues: [Int64], window: Int64, clusters: [[Int64]])])
    func clusters(dues: [Int64], window: Int64, clusters expected: [[Int64]]) {
        let items = dues.enumerated().map { reminder("m\($0.offset)", due: $0.element) }
        let clusters = Digest(group: .meeting, window: window * Self.minute).clusters(items)
        #expect(clusters.map { $0.map { ($0.dueAt - Self.now) / Self.minute } } == expected)
    }

    @Test("A digest is due with its first member, expires with the first to expire, and takes the most urgent category and stalest text")
    func merged() {
        var second = reminder("b", due: 2, title: "Design sync")
        second.category = .system
        second.priority = 3
        second.staleness = .stale
        second.contentFetchTime = 5
        var third = reminder("c", due: 4, title: "1:1")
        third.category = .marketing
        third.deepLink = nil
        var first = reminder("a", due: 1, title: "Client review")
        first.category = .social
        first.deepLink = nil
        let digest = Digest(group: .meeting, window: 5 * Self.minute).merge([first, second, third], now: Self.now, zone: .utc)
        #expect(digest.id == "digest:a")
        #expect(digest.kind == .digest)
        #expect(digest.title == "3 meetings starting soon")
        #expect(digest.body == "07:11 Client review · 07:12 Design sync · 07:14 1:1")
        #expect(digest.dueAt == first.dueAt)
        #expect(digest.expiresAt == first.expiresAt)
        #expect(digest.priority == 3)
        #expect(digest.category == .system)
        #expect(digest.staleness == .stale)
        #expect(digest.contentFetchTime == 5)
        #expect(digest.deepLink == "https://meet.example.org/b")
    }

    @Test("A long list is cut to the body limit; other kinds get their own title")
    func longAndOtherKinds() {
        let members = (0..<20).map { reminder("m\($0)", due: 0, title: String(repeating: "x", count: 30)) }
        let digest = Digest(group: .meeting, window: Self.minute).merge(members, now: Self.now, zone: .utc)
        #expect(digest.body.count == ContentPayload.maxBodyLength)
        #expect(digest.body.hasSuffix("…"))
        #expect(Digest(group: .daily, window: Self.minute).title(count: 2) == "2 daily updates")
        #expect(Digest(group: .weekly, window: Self.minute).title(count: 2) == "2 weekly summaries")
        #expect(Digest(group: .meeting, window: Self.minute, language: .pl).title(count: 5) == "5 spotkań wkrótce się zaczyna")
        #expect(Digest(group: .daily, window: Self.minute, language: .de).title(count: 2) == "2 tägliche Updates")
    }

    @Test("Merging in the database: the digest is stored held, its members cancelled naming it; expired, delivered and other kinds are left")
    func run() throws {
        let f = try PlanFixture()
        var daily = reminder("daily", due: 1)
        daily.kind = .daily
        var expired = reminder("expired", due: -20)
        expired.expiresAt = Self.now
        var backlog = reminder("b", due: 2)
        backlog.state = .backlog
        _ = try f.db.applyPlan([reminder("a", due: 0), backlog, reminder("c", due: 40), reminder("d", due: 42), daily, expired], now: 0)

        let merges = try Digest(group: .meeting, window: 5 * Self.minute).run(database: f.db, now: Self.now, zone: .utc)
        #expect(merges.map(\.digest.id) == ["digest:a", "digest:c"])
        #expect(merges.map { $0.members.map(\.id) } == [["a", "b"], ["c", "d"]])
        let digest = try #require(try f.stored("digest:a"))
        #expect(digest.state == .pending)
        #expect(digest.isHeldByUser)
        #expect(digest.createdAt == Self.now)
        for id in ["a", "b"] {
            let member = try #require(try f.stored(id))
            #expect(member.state == .cancelled)
            #expect(member.stateReason == "merged into digest:a")
            #expect(member.isHeldByUser)
        }
        #expect(try f.stored("daily")?.state == .pending)
        #expect(try f.stored("expired")?.state == .pending)
        // Nothing left to merge: a second run does nothing.
        #expect(try Digest(group: .meeting, window: 5 * Self.minute).run(database: f.db, now: Self.now, zone: .utc).isEmpty)
    }

    @Test("A daily update the user changed keeps its text through the next plan, and one merged away is not planned again")
    func planKeepsUserChanges() throws {
        let f = try PlanFixture()
        let now = utc("2026-11-22T05:00:00Z")
        try f.store([content("n1", body: "Open at nine", scheduled: "2026-11-22T05:30:00Z", fetched: now)], at: now)
        try f.run(now: now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        _ = try f.db.updatePending(id: "daily:2026-11-22", edit: PendingEdit(title: "My title"), now: now, zone: PlanFixture.berlin)
        _ = try f.db.cancelPending(ids: ["daily:2026-11-23"], reason: "cancelled by the user", now: now)

        try f.store(
            [content("n1", body: "Open at ten", scheduled: "2026-11-22T05:30:00Z", fetched: now + PlanFixture.hour)], at: now + PlanFixture.hour)
        let outcome = try f.run(now: now + PlanFixture.hour, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(outcome.schedule.map(\.title) == ["My title"])
        #expect(outcome.cancelled.isEmpty)
        let edited = try #require(try f.stored("daily:2026-11-22"))
        #expect((edited.title, edited.body, edited.state) == ("My title", "Open at nine", .pending))
        #expect(try f.stored("daily:2026-11-23")?.state == .cancelled)
    }

    @Test("A [[digests]] rule merges at each plan run; the schedule shows the digest; the next run leaves it be")
    func ruleAtPlan() throws {
        let f = try PlanFixture()
        var rule = TidingsConfig.DigestRule(members: .kind(.daily))
        rule.window = PlanFixture.day
        f.config.digests = [rule]
        let now = utc("2026-11-22T05:00:00Z")
        try f.store([content("n1", body: "Open at nine", scheduled: "2026-11-22T05:30:00Z", fetched: now)], at: now)
        let outcome = try f.run(now: now, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(outcome.digests.map(\.digest.id) == ["digest:daily:2026-11-22"])
        #expect(outcome.digests.first?.members.map(\.id) == ["daily:2026-11-22", "daily:2026-11-23"])
        #expect(outcome.digests.first?.digest.title == "2 daily updates")
        #expect(outcome.schedule.map(\.id) == ["digest:daily:2026-11-22"])
        #expect(outcome.summary.contains("2 merged into 1 digest"))
        let again = try f.run(now: now + PlanFixture.hour, zone: PlanFixture.berlin, horizon: 2 * PlanFixture.day)
        #expect(again.digests.isEmpty)
        #expect(again.schedule.map(\.id) == ["digest:daily:2026-11-22"])
        #expect(try f.stored("daily:2026-11-23")?.state == .cancelled)
    }

    @Test("A rule's clusters hold at most max members; its digest of a category is titled by count and opens no member's link")
    func ruleMaxAndTitle() {
        var rule = TidingsConfig.DigestRule(members: .category(.transactional))
        rule.window = 60 * Self.minute
        rule.max = 2
        let digest = Digest(rule: rule)
        let items = (0..<5).map { reminder("m\($0)", due: Int64($0)) }
        #expect(digest.clusters(items).map { $0.map(\.id) } == [["m0", "m1"], ["m2", "m3"]])
        let merged = digest.merge(Array(items.prefix(2)), now: Self.now, zone: .utc)
        #expect(merged.title == "2 new items")
        #expect(merged.deepLink == nil)
        #expect(Digest(group: .meeting, window: Self.minute).merge(Array(items.prefix(2)), now: Self.now, zone: .utc).deepLink != nil)
    }
}
