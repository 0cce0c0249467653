import CICal
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// WEEKLY rules on several weekdays are walked week by week from WKST, as RFC 5545 §3.3.10
/// says; libical 3.0 begins its weeks on Sunday whatever WKST says.
@Suite struct ICSWeeklyDaysTests {
    static func calendar(_ rule: String, start: String = "20270205T083000Z") -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings test//EN", "BEGIN:VEVENT", "UID:fortnight@test",
            "DTSTAMP:20270101T000000Z", "SUMMARY:Fortnight", "DTSTART:\(start)", "DURATION:PT30M", "RRULE:\(rule)",
            "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"
    }

    static func starts(_ rule: String) throws -> [String] {
        try icsExpand(calendar(rule), from: "2027-02-01T00:00:00Z", until: "2027-03-15T00:00:00Z")
            .occurrences.map { String(ISOTime.formatUTC($0.start).prefix(10)) }
    }

    @Test("Every other Sunday from a Friday: weeks begin on Monday unless WKST says otherwise")
    func fortnightlySunday() throws {
        // DTSTART Friday 5 February 2027 (the first instance, as libical and dateutil give it).
        // Monday weeks: 1–7 February is week 0, so Sunday the 7th; Sunday weeks: the 7th begins week 1.
        #expect(try Self.starts("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU") == ["2027-02-05", "2027-02-07", "2027-02-21", "2027-03-07"])
        #expect(try Self.starts("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=MO") == ["2027-02-05", "2027-02-07", "2027-02-21", "2027-03-07"])
        let sundayWeeks = try Self.starts("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU")
        #expect(sundayWeeks == ["2027-02-05", "2027-02-14", "2027-02-28", "2027-03-14"])
        #expect(
            try Self.starts("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU") == [
                "2027-02-05", "2027-02-07", "2027-02-15", "2027-02-21", "2027-03-01", "2027-03-07",
            ])
    }

    @Test("COUNT counts DTSTART when it is on one of the rule's days, and not when it is off them")
    func count() throws {
        #expect(try Self.starts("FREQ=WEEKLY;BYDAY=FR,MO;COUNT=3") == ["2027-02-05", "2027-02-08", "2027-02-12"])
        #expect(try Self.starts("FREQ=WEEKLY;BYDAY=TU,WE;COUNT=3") == ["2027-02-05", "2027-02-09", "2027-02-10", "2027-02-16"])
    }

    /// A weekly rule on several days, in a zone, with COUNT or UNTIL, where libical's Sunday
    /// weeks give the RFC's answer: INTERVAL 1, or WKST=SU.
    static func event(_ index: Int, _ random: inout SplitMix64) -> String {
        let day = LocalDate(year: 2026, month: 1, day: 1)!.adding(days: random.next(in: -200...200))
        let date = "\(day.year)" + LocalDate.pad(day.month, 2) + LocalDate.pad(day.day, 2)
        let time = "T\(LocalDate.pad(random.next(in: 0...23), 2))\(random.pick(["00", "30"]))00"
        let zone = random.pick(["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC", ""])
        let start = zone == "UTC" ? ":\(date)\(time)Z" : zone.isEmpty ? ":\(date)\(time)" : ";TZID=\(zone):\(date)\(time)"
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        // Each day once: libical 3.0 gives a single instance for a BYDAY that repeats a day.
        var days: [String] = []
        for _ in 0..<random.next(in: 1...4) {
            let day = random.pick(names)
            if !days.contains(day) { days.append(day) }
        }
        let interval = random.next(in: 1...3)
        var rule = "FREQ=WEEKLY;BYDAY=\(days.joined(separator: ","))"
        rule += interval == 1 ? (random.coin() ? ";WKST=\(random.pick(names))" : "") : ";INTERVAL=\(interval);WKST=SU"
        switch random.next(in: 0...2) {
        case 0: rule += ";COUNT=\(random.next(in: 1...200))"
        case 1:
            let until = day.adding(days: random.next(in: 0...400))
            rule += ";UNTIL=\(until.year)" + LocalDate.pad(until.month, 2) + LocalDate.pad(until.day, 2) + "T120000Z"
        default: break
        }
        return [
            "BEGIN:VEVENT", "UID:weekly-\(index)@test", "DTSTAMP:20260101T000000Z", "SUMMARY:Weekly \(index)",
            "DTSTART" + start, "DURATION:PT1H", "RRULE:" + rule, "END:VEVENT",
        ].joined(separator: "\r\n")
    }

    @Test("Where libical's weeks agree with the RFC, the walk gives libical's instances", arguments: [UInt64(1), 2, 3])
    func matchesLibical(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let events = (0..<200).map { Self.event($0, &random) }
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings test//EN"] + events + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        for (from, until) in [("2025-06-01T00:00:00Z", "2025-08-01T00:00:00Z"), ("2026-03-01T00:00:00Z", "2027-03-01T00:00:00Z")] {
            let walked = try ICalendar.expand(
                text, from: icsUTC(from), until: icsUTC(until), floatingZone: berlin, maxOccurrencesPerEvent: 1000,
                workBudget: .seconds(60), fixedSteps: true)
            let iterated = try ICalendar.expand(
                text, from: icsUTC(from), until: icsUTC(until), floatingZone: berlin, maxOccurrencesPerEvent: 1000,
                workBudget: .seconds(60), fixedSteps: false)
            #expect(walked.occurrences.count > 100)
            #expect(walked.occurrences.count == iterated.occurrences.count)
            for (a, b) in zip(walked.occurrences, iterated.occurrences) where a != b {
                Issue.record("seed \(seed), \(from): \(a.uid) \(ISOTime.formatUTC(a.start)) vs \(b.uid) \(ISOTime.formatUTC(b.start))")
                break
            }
        }
    }
}
