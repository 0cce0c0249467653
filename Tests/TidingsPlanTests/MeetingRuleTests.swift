import Synchronization
import Testing
import TidingsCalendar
import TidingsCore
import TidingsGenerate
import TidingsStore
import TidingsTestSupport

@testable import TidingsPlan

/// `MeetingRule` over real ICS text: one reminder per lead time, ids, texts, expiry and
/// the facts an update compares.
@Suite struct MeetingRuleTests {
    typealias F = MeetingFixture
    static func berlin(_ text: String) -> EpochMillis { TestClock.at(text, in: F.berlin) }
    static let twoLeads = F.config { $0.leadTimes = [10 * PlanFixture.minute, PlanFixture.minute] }

    @Test("Each lead time is its own reminder: its id, due time, text and expiry at the start")
    func twoLeadTimes() throws {
        let items = try F.reminders(F.calendar([F.meeting("standup-1@example.org")]), config: Self.twoLeads)
            .sorted { $0.dueAt < $1.dueAt }
        #expect(items.map(\.id) == ["meeting:standup-1@example.org@10m", "meeting:standup-1@example.org@1m"])
        #expect(items.map(\.dueAt) == [Self.berlin("2026-11-23T08:50"), Self.berlin("2026-11-23T08:59")])
        // The stored text keeps the countdown's slot; shown at its due time it says the lead.
        #expect(items.allSatisfy { $0.body == "Starts at 09:00 (in \(CountdownSlot.slot(.en))), until 10:00 · Join on Zoom" })
        #expect(
            items.map { $0.countdownFilled(at: $0.dueAt).body } == [
                "Starts at 09:00 (in 10 min), until 10:00 · Join on Zoom",
                "Starts at 09:00 (in 1 min), until 10:00 · Join on Zoom",
            ])
        #expect(items.allSatisfy { $0.expiresAt == Self.berlin("2026-11-23T09:00") })
        #expect(items.map(\.subject) == items.map { "event:" + $0.id })
        let fingerprint = ["2026-11-23T08:00:00Z", "2026-11-23T09:00:00Z", "Client review", F.zoom, F.zoom].joined(separator: "\u{1f}")
        #expect(items.allSatisfy { $0.fingerprint == fingerprint })
        #expect(items.allSatisfy { $0.revision == 0 && $0.state == .pending })
    }

    @Test("Join opens the app when its scheme has a handler, asked once per scheme; otherwise the https link")
    func appLink() throws {
        let calendar = try F.expanded(
            F.calendar([
                F.meeting("zoom-1@example.org"),
                F.meeting("zoom-2@example.org", start: "110000", end: "120000"),
                F.meeting("teams-1@example.org", start: "130000", end: "140000")
                    .replacingOccurrences(of: F.zoom, with: "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0"),
            ]))
        let asked = Mutex<[String]>([])
        let rule = MeetingRule(
            config: Self.twoLeads,
            hasHandler: { scheme in
                asked.withLock { $0.append(scheme) }
                return scheme == "zoommtg"
            })
        let items = rule.notifications(now: F.now, horizon: 2 * PlanFixture.day, zone: F.berlin, calendars: calendar)
        #expect(items.count == 6)
        for item in items where item.id.hasPrefix("meeting:zoom") {
            #expect(item.deepLink == "zoommtg://acme.zoom.us/join?confno=81234567890&pwd=abcDEF123")
        }
        for item in items where item.id.hasPrefix("meeting:teams") {
            #expect(item.deepLink == "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0")
        }
        #expect(asked.withLock { $0.sorted() } == ["msteams", "zoommtg"])
    }

    @Test("The default lead time gives one reminder, with its lead in the id")
    func defaultLead() throws {
        let items = try F.reminders(F.calendar([F.meeting("standup-1@example.org")]), config: F.config())
        #expect(items.map(\.id) == ["meeting:standup-1@example.org@10m"])
        #expect(items.map(\.dueAt) == [Self.berlin("2026-11-23T08:50")])
    }

    @Test("An instance of a recurring event keeps its original start in every reminder's id")
    func recurringIDs() throws {
        let daily = F.meeting("daily@example.org", summary: "Sync", "RRULE:FREQ=DAILY;COUNT=5")
        let items = try F.reminders(F.calendar([daily]), config: Self.twoLeads).sorted { $0.dueAt < $1.dueAt }
        // Sunday 20:00 plus two days: Monday's and Tuesday's instances.
        #expect(
            items.map(\.id) == [
                "meeting:daily@example.org:2026-11-23T08:00:00Z@10m", "meeting:daily@example.org:2026-11-23T08:00:00Z@1m",
                "meeting:daily@example.org:2026-11-24T08:00:00Z@10m", "meeting:daily@example.org:2026-11-24T08:00:00Z@1m",
            ])
        #expect(
            items.map(\.expiresAt) == [
                Self.berlin("2026-11-23T09:00"), Self.berlin("2026-11-23T09:00"), Self.berlin("2026-11-24T09:00"), Self.berlin("2026-11-24T09:00"),
            ])
    }

    @Test("An all-day event gets one reminder at all_day_time, expiring when its day ends")
    func allDay() throws {
        let offsite = """
            UID:offsite-1@example.org
            SUMMARY:Offsite
            DTSTART;VALUE=DATE:20261123
            DTEND;VALUE=DATE:20261124
            URL:https://meet.google.com/xyz-abcd-efg
            """
        let config = F.config {
            $0.leadTimes = [10 * PlanFixture.minute, PlanFixture.minute]
            $0.allDay = true
        }
        let items = try F.reminders(F.calendar([offsite]), config: config)
        #expect(items.map(\.id) == ["meeting:offsite-1@example.org@all-day"])
        #expect(items.map(\.dueAt) == [Self.berlin("2026-11-23T08:00")])
        #expect(items.map(\.expiresAt) == [Self.berlin("2026-11-24T00:00")])
        #expect(items.first?.body.hasPrefix("Today, all day") == true)
        #expect(items.first?.subject == "event:meeting:offsite-1@example.org@all-day")
        #expect(items.map(\.isAllDay) == [true], "the column says it, not the id")
        #expect(items.first?.lead == nil && items.first?.occurrence == "meeting:offsite-1@example.org")
    }

    @Test("A calendar read in part: plan names what was skipped, and the other events get their reminders")
    func readInPart() throws {
        let broken = "UID:broken-1@example.org\nSUMMARY:Broken\nDTSTART;TZID=Europe/Berlin:20261123T110000\nEND:VEVNT"
        let text = F.calendar([F.meeting("good@example.org"), broken]) + "<!-- cached by the server -->\r\n"
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try F.store(text, in: db, at: F.now)
        let expansion = ExpandedCalendar.expand(try db.cachedCalendars(), from: F.now, until: F.now + PlanFixture.day, zone: F.berlin)
        #expect(expansion.calendars.first?.occurrences.map(\.uid) == ["good@example.org"])
        #expect(expansion.problems.count >= 2, "\(expansion.problems)")
        #expect(expansion.problems.allSatisfy { $0.hasPrefix("calendar work: ") })
        #expect(expansion.problems.contains { $0.contains("broken-1@example.org") }, "\(expansion.problems)")
    }

    @Test(
        "A calendar is fresh while its fetches keep to their schedule, however far ahead the meeting lies",
        arguments: [
            (0 as Int64, nil as Int64?, Staleness.fresh), (11, nil, .fresh), (13, nil, .stale), (13, 8, .fresh), (17, 8, .stale),
        ])
    func calendarStaleness(hoursSinceFetch: Int64, expectPrefetch: Int64?, expected: Staleness) throws {
        let now = F.now
        var config = F.config()
        if let expectPrefetch { config.monitoring.expected[.prefetch] = expectPrefetch * 3_600_000 }
        // Daily for six days: by their distance the later ones would always have been stale.
        let calendar = try F.expanded(
            F.calendar([F.meeting("far@example.org", "RRULE:FREQ=DAILY;COUNT=6")]), now: now,
            fetched: now - hoursSinceFetch * 3_600_000)
        let items = MeetingRule(config: config).notifications(now: now, horizon: 7 * PlanFixture.day, zone: F.berlin, calendars: calendar)
        #expect(items.count == 6)
        #expect(items.map(\.staleness) == Array(repeating: expected, count: 6))
    }

    @Test(
        "An all-day event of today is planned after midnight until its time has passed by more than the grace period",
        arguments: [
            ("2026-11-22T23:59", "2026-11-23T08:00"), ("2026-11-23T00:01", "2026-11-23T08:00"), ("2026-11-23T06:00", "2026-11-23T08:00"),
            ("2026-11-23T09:50", "2026-11-23T09:50"), ("2026-11-23T10:01", nil), ("2026-11-23T15:00", nil),
        ] as [(String, String?)])
    func allDayToday(now: String, due: String?) throws {
        let offsite = """
            UID:offsite-1@example.org
            SUMMARY:Offsite
            DTSTART;VALUE=DATE:20261123
            DTEND;VALUE=DATE:20261124
            URL:https://meet.google.com/xyz-abcd-efg
            """
        var config = F.config { $0.allDay = true }
        config.delivery.grace = 2 * 3_600_000
        let items = try F.reminders(F.calendar([offsite]), config: config, now: Self.berlin(now))
        #expect(items.map(\.dueAt) == (due.map { [Self.berlin($0)] } ?? []), "planned at \(now)")
    }

    @Test(
        "Planned late, a lead time already begun is due at once; two due at once are one, the shortest lead's",
        arguments: [
            ("2026-11-23T08:40", ["@10m": "2026-11-23T08:50:00", "@1m": "2026-11-23T08:59:00"], ["in 10 min", "in 1 min"]),
            ("2026-11-23T08:55", ["@10m": "2026-11-23T08:55:00", "@1m": "2026-11-23T08:59:00"], ["in 5 min", "in 1 min"]),
            ("2026-11-23T08:59:30", ["@1m": "2026-11-23T08:59:30"], ["in 1 min"]),
            ("2026-11-23T09:00", [:], []),
        ] as [(String, [String: String], [String])])
    func plannedLate(now: String, expected: [String: String], phrases: [String]) throws {
        let now = Self.berlin(now)
        let items = try F.reminders(F.calendar([F.meeting("m@example.org")]), config: Self.twoLeads, now: now)
            .sorted { $0.dueAt < $1.dueAt }
        var dues: [String: String] = [:]
        for item in items { dues[String(item.id.dropFirst("meeting:m@example.org".count))] = String(item.plannedLocal.prefix(19)) }
        #expect(dues == expected)
        #expect(zip(items, phrases).allSatisfy { $0.countdownFilled(at: $0.dueAt).body.contains("(\($1))") } && items.count == phrases.count)
    }

    @Test(
        "Quiet hours never move a reminder to or past the start; two moved to the same minute are one",
        arguments: [
            ("070000", [String]()),
            ("070300", ["@10m 07:00", "@1m 07:02"]),
            ("070030", ["@1m 07:00"]),
        ])
    func quietHours(start: String, expected: [String]) throws {
        var config = Self.twoLeads
        config.meetings.category = .system
        config.quietHours = QuietHours(
            enabled: true, start: WallTime(hour: 22, minute: 0) ?? .midnight, end: WallTime(hour: 7, minute: 0) ?? .midnight)
        let items = try F.reminders(F.calendar([F.meeting("early@example.org", start: start, end: "080000")]), config: config)
            .sorted { $0.dueAt < $1.dueAt }
        #expect(items.map { "\($0.id.dropFirst("meeting:early@example.org".count)) \($0.plannedLocal.dropFirst(11).prefix(5))" } == expected)
    }

    @Test("The fingerprint follows the facts shown: a new start or link changes it, a new description does not")
    func fingerprint() throws {
        func print(_ event: String) throws -> String? {
            try F.reminders(F.calendar([event]), config: F.config()).first?.fingerprint
        }
        let base = try #require(try print(F.meeting("m@example.org")))
        #expect(try print(F.meeting("m@example.org", start: "093000", end: "100000")) != base)
        #expect(try print(F.meeting("m@example.org", summary: "Client review (moved room)")) != base)
        #expect(try print(F.meeting("m@example.org", "DESCRIPTION:Agenda: numbers")) == base)
        let otherLink = F.meeting("m@example.org").replacingOccurrences(of: "81234567890", with: "89999999999")
        #expect(try print(otherLink) != base)
    }

    @Test("Each reminder carries its occurrence, its lead and its meeting's facts in typed columns")
    func typedFacts() throws {
        let now = Self.berlin("2026-11-23T08:00")
        let items = try F.reminders(F.calendar([F.meeting("m@example.org")]), config: Self.twoLeads, now: now).sorted { $0.dueAt < $1.dueAt }
        #expect(items.map(\.lead) == [10 * PlanFixture.minute, PlanFixture.minute])
        #expect(items.map(\.occurrence) == ["meeting:m@example.org", "meeting:m@example.org"])
        #expect(items.map(\.startsAt) == [Self.berlin("2026-11-23T09:00"), Self.berlin("2026-11-23T09:00")])
        #expect(items.map(\.endsAt) == [Self.berlin("2026-11-23T10:00"), Self.berlin("2026-11-23T10:00")])
        #expect(items.map(\.eventTitle) == ["Client review", "Client review"])
        #expect(items.allSatisfy { $0.joinURL?.hasPrefix("https://") == true }, "\(items.map(\.joinURL))")
    }

    @Test("More than ten attendees cost a tenth of a point, counted past the ones read")
    func attendeeImportance() {
        let ten = CalendarOccurrence(uid: "u", summary: "Sync", start: 0, end: 1, attendees: [], attendeeCount: 10)
        var many = ten
        many.attendeeCount = 5000
        #expect(Importance.priority(of: many, link: nil) == Importance.priority(of: ten, link: nil) - 1)
    }

    @Test("Organizing a meeting earns a tenth of a point, only when meetings.me names the organizer")
    func organizerImportance() throws {
        let event = """
            ORGANIZER:mailto:Alice@Example.org
            ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.org
            """
        let text = MeetingFixture.calendar([MeetingFixture.meeting("org-1@example.org", event)])
        let mine = try MeetingFixture.reminders(text, config: MeetingFixture.config { $0.me = ["alice@example.org"] })
        let others = try MeetingFixture.reminders(text, config: MeetingFixture.config { $0.me = ["bob@example.org"] })
        #expect(mine.map(\.priority) == others.map { $0.priority + 1 })
        #expect(!mine.isEmpty)
    }
}
