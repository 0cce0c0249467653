import Testing
import TidingsCalendar
import TidingsCore
import TidingsLinks
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// Meeting importance against the specification's rule, written out: a meeting link 10, a
/// keyword (interview, review, presentation, demo, client) 5, longer than 60 minutes 3, a
/// location 2; and Tidings' extras, which only break ties.
@Suite struct ImportanceTableTests {
    typealias Facts = Importance.Facts

    /// Every combination of the four facts and its score by the specification, by hand.
    static let table: [(link: Bool, keyword: Bool, long: Bool, location: Bool, points: Int)] = [
        (false, false, false, false, 0),
        (false, false, false, true, 2),
        (false, false, true, false, 3),
        (false, false, true, true, 5),
        (false, true, false, false, 5),
        (false, true, false, true, 7),
        (false, true, true, false, 8),
        (false, true, true, true, 10),
        (true, false, false, false, 10),
        (true, false, false, true, 12),
        (true, false, true, false, 13),
        (true, false, true, true, 15),
        (true, true, false, false, 15),
        (true, true, false, true, 17),
        (true, true, true, false, 18),
        (true, true, true, true, 20),
    ]

    static let link = MeetingLinks.find(in: "https://zoom.us/j/81234567890").first
    static let start: EpochMillis = 1_795_000_000_000

    /// A meeting with `facts`, and the extras asked for.
    static func event(_ facts: Facts, organizer: Bool = false, crowd: Bool = false, allDay: Bool = false) -> CalendarOccurrence {
        var event = CalendarOccurrence(
            uid: "u", summary: facts.keyword ? "Quarterly CLIENT sync" : "Weekly team sync", start: start,
            end: start + (facts.long ? 61 : 60) * 60_000, attendees: [], attendeeCount: crowd ? 11 : 3)
        event.location = facts.location ? "Room 4" : nil
        event.allDay = allDay
        return event
    }

    static func priority(_ facts: Facts, organizer: Bool = false, crowd: Bool = false, allDay: Bool = false) throws -> Int {
        let link = try #require(Self.link)
        return Importance.priority(
            of: event(facts, organizer: organizer, crowd: crowd, allDay: allDay), link: facts.link ? link : nil, organizer: organizer)
    }

    @Test("Each of the 16 combinations scores what the specification gives it, in tenths of a point")
    func table() throws {
        #expect(Self.table.count == 16 && Set(Self.table.map { "\($0.link)\($0.keyword)\($0.long)\($0.location)" }).count == 16)
        for row in Self.table {
            let facts = Facts(link: row.link, keyword: row.keyword, long: row.long, location: row.location)
            #expect(facts.score == row.points, "\(facts)")
            #expect(try Self.priority(facts) == row.points * 10, "\(facts)")
        }
    }

    @Test("Ranked by importance, the 16 combinations come in the specification's order")
    func order() throws {
        let ranked = try Facts.allCases.sorted { try Self.priority($0) > Self.priority($1) }
        let points = ranked.map(\.score)
        #expect(points == Self.table.map(\.points).sorted(by: >))
        // A link alone (10) outranks a keyword (5), and ties with a keyword, a long meeting
        // and a location together (5 + 3 + 2); a link with a location beats both.
        let linkOnly = Facts(link: true, keyword: false, long: false, location: false)
        let allButLink = Facts(link: false, keyword: true, long: true, location: true)
        #expect(try Self.priority(linkOnly) == Self.priority(allButLink))
        #expect(try Self.priority(linkOnly) > Self.priority(Facts(link: false, keyword: true, long: true, location: false)))
    }

    @Test("The facts are read from the event: keywords in any case in the title only, 61 minutes is long, an empty location is none")
    func factsOfEvents() throws {
        for keyword in ["Interview with Ana", "Design REVIEW", "Presentation dry run", "demo day", "Client call", "clients' lunch"] {
            #expect(Facts(of: CalendarOccurrence(uid: "u", summary: keyword, start: 0, end: 1), link: nil).keyword, "\(keyword)")
        }
        for plain in ["Board meeting", "1:1 with Bo", "Launch", "Deadline", "Customer call"] {
            #expect(!Facts(of: CalendarOccurrence(uid: "u", summary: plain, start: 0, end: 1), link: nil).keyword, "\(plain)")
        }
        var described = CalendarOccurrence(uid: "u", summary: "Sync", start: 0, end: 60 * 60_000)
        described.description = "We review the client demo."
        described.location = ""
        #expect(Facts(of: described, link: nil) == Facts(link: false, keyword: false, long: false, location: false))
        described.end += 1
        described.location = "Room 4"
        #expect(Facts(of: described, link: nil) == Facts(link: false, keyword: false, long: true, location: true))
    }

    @Test("The extras (organizer, a crowd, all day) never reverse two scores: every pair of 128 variants")
    func extrasNeverReverse() throws {
        var variants: [(facts: Facts, extras: [Bool], priority: Int)] = []
        for facts in Facts.allCases {
            for bits in 0..<8 {
                let extras = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0]
                variants.append((facts, extras, try Self.priority(facts, organizer: extras[0], crowd: extras[1], allDay: extras[2])))
            }
        }
        for a in variants {
            for b in variants where a.facts.score > b.facts.score {
                #expect(a.priority > b.priority, "\(a) against \(b)")
            }
            // Within one score the extras decide, by less than a point.
            #expect(abs(a.priority - a.facts.score * Importance.unit) < Importance.unit)
        }
        let plain = Facts(link: true, keyword: false, long: false, location: false)
        #expect(try Self.priority(plain, organizer: true) == Self.priority(plain) + 1)
        #expect(try Self.priority(plain, crowd: true) == Self.priority(plain) - 1)
        #expect(try Self.priority(plain, allDay: true) == Self.priority(plain) - 1)
    }

    @Test("A reminder you added outranks every meeting; routine items rank with a link-only meeting, insights below them")
    func otherKinds() throws {
        let best = try Self.priority(Facts(link: true, keyword: true, long: true, location: true), organizer: true)
        #expect(Importance.reminder > best)
        #expect(try Importance.routine == Self.priority(Facts(link: true, keyword: false, long: false, location: false)))
        #expect(Importance.insight < Importance.routine && Importance.insight > 0)
    }

    @Test("Under the cap of 64, the 64 pending meeting reminders are the highest-scoring of 100")
    func capKeepsHighest() throws {
        // 100 meetings on Monday, each of the 16 combinations 6 or 7 times, with extras.
        var events: [String] = []
        var factsOf: [String: Facts] = [:]
        for index in 0..<100 {
            let facts = Facts.allCases[(index * 7) % 16]
            let uid = "m\(index)@example.org"
            factsOf["meeting:\(uid)@10m"] = facts
            let minutes = 8 * 60 + index * 5
            let end = minutes + (facts.long ? 90 : 30)
            func time(_ m: Int) -> String { "\(m / 600)\(m / 60 % 10)\(m % 60 / 10)\(m % 10)00" }
            var lines = [
                "UID:\(uid)", "DTSTAMP:20261101T000000Z", "SUMMARY:\(facts.keyword ? "Demo" : "Sync") \(index)",
                "DTSTART;TZID=Europe/Berlin:20261123T\(time(minutes))", "DTEND;TZID=Europe/Berlin:20261123T\(time(end))",
            ]
            if facts.link { lines.append("URL:https://acme.zoom.us/j/8123456\(1000 + index)") }
            if facts.location { lines.append("LOCATION:Room \(index)") }
            if index % 3 == 0 { lines.append("ORGANIZER:mailto:me@example.org") }
            events.append(lines.joined(separator: "\n"))
        }
        let f = try PlanFixture()
        f.config = MeetingFixture.config {
            $0.onlyWithVideoLinks = false
            $0.leadTimes = [10 * PlanFixture.minute]
            $0.me = ["me@example.org"]
        }
        #expect(f.config.plan.maxPending == 64)
        try MeetingFixture.store(MeetingFixture.calendar(events), in: f.db, at: MeetingFixture.now)
        try f.run(now: MeetingFixture.now, zone: MeetingFixture.berlin)
        let open = try f.db.openNotifications()
        #expect(open.count == 100)
        let pending = open.filter { $0.state == .pending }
        let backlog = open.filter { $0.state == .backlog }
        #expect(pending.count == 64 && backlog.count == 36)
        let pendingScores = try pending.map { try #require(factsOf[$0.id], "\($0.id)").score }
        let backlogScores = try backlog.map { try #require(factsOf[$0.id], "\($0.id)").score }
        #expect((pendingScores.min() ?? 0) >= (backlogScores.max() ?? 0), "\(pendingScores.sorted()) \(backlogScores.sorted())")
        #expect(pendingScores.sorted(by: >) == factsOf.values.map(\.score).sorted(by: >).prefix(64).map { $0 })
    }
}
