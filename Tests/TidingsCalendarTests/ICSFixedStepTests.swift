import CICal
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// DAILY and WEEKLY rules without BY… parts are stepped through by arithmetic rather than
/// libical's iterator: over thousands of generated rules both must give the same occurrences.
@Suite struct ICSFixedStepTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC", ""]

    /// One VEVENT of a generated simple rule: DATE or DATE-TIME, a zone, floating or UTC,
    /// INTERVAL 1–3, COUNT, UNTIL (DATE or UTC) or neither, sometimes BYDAY and EXDATE.
    static func event(_ index: Int, _ random: inout SplitMix64) -> String {
        let day = LocalDate(year: 2026, month: 1, day: 1)!.adding(days: random.next(in: -400...400))
        let date = "\(day.year)" + LocalDate.pad(day.month, 2) + LocalDate.pad(day.day, 2)
        let allDay = random.next(in: 0...5) == 0
        let hour = LocalDate.pad(random.next(in: 0...23), 2)
        let time = "T\(hour)\(random.pick(["00", "30", "45"]))00"
        let zone = random.pick(zones)
        var lines = ["BEGIN:VEVENT", "UID:rule-\(index)@test", "DTSTAMP:20260101T000000Z", "SUMMARY:Rule \(index)"]
        let start: String
        if allDay {
            start = ";VALUE=DATE:\(date)"
        } else if zone == "UTC" {
            start = ":\(date)\(time)Z"
        } else if zone.isEmpty {
            start = ":\(date)\(time)"
        } else {
            start = ";TZID=\(zone):\(date)\(time)"
        }
        lines.append("DTSTART" + start)
        lines.append(allDay ? "DTEND;VALUE=DATE:\(date)" : "DURATION:PT\(random.next(in: 0...3))H\(random.next(in: 0...59))M")
        let weekly = random.coin()
        var rule = "FREQ=\(weekly ? "WEEKLY" : "DAILY")"
        let interval = random.next(in: 1...3)
        if interval > 1 || random.coin() { rule += ";INTERVAL=\(interval)" }
        switch random.next(in: 0...2) {
        case 0: rule += ";COUNT=\(random.next(in: 1...300))"
        case 1:
            let until = day.adding(days: random.next(in: 0...500))
            let text = "\(until.year)" + LocalDate.pad(until.month, 2) + LocalDate.pad(until.day, 2)
            rule += allDay || random.coin() ? ";UNTIL=\(text)" : ";UNTIL=\(text)T\(hour)0000Z"
        default: break
        }
        if weekly && random.coin() {
            // The weekday of DTSTART, as Google writes it (libical: Sunday is 1).
            let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
            rule += ";BYDAY=\(names[((day.dayNumber + 4) % 7 + 7) % 7])"
            if random.coin() { rule += ";WKST=\(random.pick(names))" }
        }
        lines.append("RRULE:" + rule)
        if random.coin() {
            let excluded = day.adding(days: (weekly ? 7 : 1) * interval * random.next(in: 0...20))
            let text = "\(excluded.year)" + LocalDate.pad(excluded.month, 2) + LocalDate.pad(excluded.day, 2)
            lines.append(allDay ? "EXDATE;VALUE=DATE:\(text)" : "EXDATE" + start.replacingOccurrences(of: date, with: text))
        }
        lines.append("END:VEVENT")
        return lines.joined(separator: "\r\n")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func arithmeticMatchesLibical(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let events = (0..<250).map { Self.event($0, &random) }
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tidings test//EN"] + events + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        for (from, until) in [("2025-06-01T00:00:00Z", "2025-08-01T00:00:00Z"), ("2026-03-01T00:00:00Z", "2027-03-01T00:00:00Z")] {
            let stepped = try ICalendar.expand(
                text, from: icsUTC(from), until: icsUTC(until), floatingZone: Zone(identifier: "Europe/Berlin")!, maxOccurrencesPerEvent: 1000,
                workBudget: .seconds(60), fixedSteps: true)
            let iterated = try ICalendar.expand(
                text, from: icsUTC(from), until: icsUTC(until), floatingZone: Zone(identifier: "Europe/Berlin")!, maxOccurrencesPerEvent: 1000,
                workBudget: .seconds(60), fixedSteps: false)
            #expect(stepped.occurrences.count > 100)
            #expect(stepped.truncated == iterated.truncated)
            #expect(stepped.occurrences.count == iterated.occurrences.count)
            for (a, b) in zip(stepped.occurrences, iterated.occurrences) where a != b {
                Issue.record("seed \(seed), \(from): \(a.uid) \(ISOTime.formatUTC(a.start)) vs \(b.uid) \(ISOTime.formatUTC(b.start))")
                break
            }
        }
    }

    @Test func onlySimpleRulesTakeTheArithmetic() {
        // libical's parser keeps global state: under the lock the expansions take too.
        func rule(_ text: String) -> icalrecurrencetype {
            libical.withLock { _ in text.withCString { icalrecurrencetype_from_string($0) } }
        }
        // 2026-01-05 was a Monday.
        let monday = Int64(LocalDate(year: 2026, month: 1, day: 5)!.dayNumber)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=DAILY;COUNT=3"), startDay: monday) == Int64(86_400))
        #expect(ICSExpander.fixedStep(of: rule("FREQ=WEEKLY;INTERVAL=2"), startDay: monday) == Int64(14 * 86_400))
        #expect(ICSExpander.fixedStep(of: rule("FREQ=WEEKLY;BYDAY=MO;WKST=SU"), startDay: monday) == Int64(7 * 86_400))
        #expect(ICSExpander.fixedStep(of: rule("FREQ=WEEKLY;BYDAY=TU"), startDay: monday) == nil)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=WEEKLY;BYDAY=MO,WE"), startDay: monday) == nil)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=DAILY;BYDAY=MO"), startDay: monday) == nil)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=DAILY;BYHOUR=9"), startDay: monday) == nil)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=MONTHLY"), startDay: monday) == nil)
        #expect(ICSExpander.fixedStep(of: rule("FREQ=HOURLY"), startDay: monday) == nil)
    }
}
