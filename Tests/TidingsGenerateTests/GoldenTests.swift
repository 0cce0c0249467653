import Foundation
import Testing
import TidingsCore

@testable import TidingsGenerate

/// Every language's daily, reminder, summary, insight and digest text for fixed facts,
/// against the checked-in text in `Golden/<language>.txt` (reviewed for grammar). Run with
/// `TIDINGS_RECORD_GOLDEN=1` to write the files anew after a deliberate change, and read the
/// difference before committing it.
@Suite struct GoldenTests {
    /// The locale each language's golden text is written in.
    static let locales: [TextLocale.Language: String] = [
        .en: "en_GB.UTF-8", .de: "de_DE.UTF-8", .fr: "fr_FR.UTF-8", .es: "es_ES.UTF-8",
        .it: "it_IT.UTF-8", .pt: "pt_BR.UTF-8", .nl: "nl_NL.UTF-8", .pl: "pl_PL.UTF-8",
    ]
    static let minute: Int64 = 60_000
    static let hour = 60 * minute
    static let sunday = LocalDate(year: 2026, month: 11, day: 22)!

    static func moment(_ date: LocalDate, _ hour: Int, _ minute: Int = 0) -> LocalMoment {
        LocalMoment(date: date, time: WallTime(hour: hour, minute: minute)!)
    }

    /// The facts, each with the name of its line.
    static var facts: [(String, GenerationFacts)] {
        var facts: [(String, GenerationFacts)] = []
        for (name, age, body) in [
            ("stale 1 min", minute / 2, ""), ("stale 20 min", 20 * minute, "Rain later."), ("stale 3 h", 3 * hour + 5 * minute, "Rain later."),
            ("stale 1 day", 30 * hour, ""), ("stale 2 days", 50 * hour, "Rain later."), ("stale 5 days", 5 * 24 * hour, ""),
            ("stale 22 days", 22 * 24 * hour, ""),
        ] {
            facts.append((name, .daily(.content(title: "Morning news", body: body, staleAge: age))))
        }
        for day in 0..<5 { facts.append(("emergency \(day + 1)", .daily(.emergency(configuredLine: nil, date: sunday.adding(days: day))))) }

        let monday = sunday.adding(days: 1)
        func meeting(
            _ title: String, _ start: LocalMoment, due: LocalMoment, _ minutes: Int, service: String?, location: String? = nil, allDay: Bool = false
        )
            -> GenerationFacts
        {
            .meeting(
                MeetingFacts(
                    title: title, allDay: allDay, start: start, end: moment(start.date, start.time.hour + 1, start.time.minute), due: due,
                    minutesUntilStart: minutes, service: service, location: location))
        }
        facts.append(("meeting today", meeting("Client review", moment(monday, 14), due: moment(monday, 13, 50), 10, service: "Zoom")))
        facts.append(
            ("meeting tomorrow", meeting("Client review", moment(monday, 9), due: moment(sunday, 19), 840, service: nil, location: "Room 4")))
        facts.append(
            ("meeting on a date", meeting("Client review", moment(monday.adding(days: 1), 9), due: moment(sunday, 9), 2 * 1440, service: "Teams")))
        let december = LocalDate(year: 2026, month: 12, day: 1)!
        facts.append(("meeting on the 1st", meeting("Client review", moment(december, 9, 30), due: moment(sunday, 9, 30), 9 * 1440, service: "Meet")))
        facts.append(("meeting all day", meeting("", moment(monday, 0), due: moment(monday, 8), 0, service: nil, allDay: true)))

        var week = WeekFacts()
        week.past.meetings = 6
        week.past.millis = 6 * hour + 30 * minute
        week.past.byDay = [1: hour, 3: 3 * hour + 30 * minute, 5: 2 * hour]
        week.past.longest = WeekFacts.Meeting(title: "Design review", millis: 2 * hour)
        week.before.meetings = 8
        week.coming.meetings = 9
        week.coming.millis = 11 * hour
        week.coming.byDay = [2: 4 * hour, 4: 2 * hour]
        facts.append(("week", .weekly(week)))
        var quiet = WeekFacts()
        quiet.past.meetings = 1
        quiet.past.millis = 45 * minute
        quiet.past.longest = WeekFacts.Meeting(title: "", millis: 45 * minute)
        quiet.before.meetings = 1
        quiet.coming.meetings = 2
        quiet.coming.millis = 90 * minute
        facts.append(("quiet week", .weekly(quiet)))
        for count in [0, 3, 5, 12, 22] {
            var counted = WeekFacts()
            counted.past.meetings = count
            counted.past.millis = Int64(count) * hour
            counted.before.meetings = count > 3 ? count - 3 : 0
            counted.coming.meetings = count + 2
            counted.coming.millis = Int64(count + 2) * hour
            facts.append(("week of \(count)", .weekly(counted)))
        }

        facts.append(
            (
                "insight fewer hours",
                .insight(.meetingHours(thisWeek: 6 * hour + 30 * minute, lastWeek: 10 * hour, meetingsThisWeek: 5, meetingsLastWeek: 8))
            ))
        facts.append(
            ("insight more hours", .insight(.meetingHours(thisWeek: 12 * hour, lastWeek: 10 * hour, meetingsThisWeek: 9, meetingsLastWeek: 8))))
        facts.append(
            ("insight same hours", .insight(.meetingHours(thisWeek: 10 * hour, lastWeek: 10 * hour, meetingsThisWeek: 8, meetingsLastWeek: 8))))
        facts.append(("insight dismissed", .insight(.engagement(opened: 2, dismissed: 7))))
        facts.append(("insight dismissed the one", .insight(.engagement(opened: 0, dismissed: 1))))
        facts.append(("insight reading", .insight(.engagement(opened: 8, dismissed: 2))))
        facts.append(("insight reading the one", .insight(.engagement(opened: 1, dismissed: 0))))
        facts.append(("insight fresh", .insight(.staleContent(stale: 0, delivered: 7))))
        facts.append(("insight fresh the one", .insight(.staleContent(stale: 0, delivered: 1))))
        facts.append(("insight stale", .insight(.staleContent(stale: 3, delivered: 7))))
        facts.append(("insight stale the one", .insight(.staleContent(stale: 1, delivered: 1))))
        return facts
    }

    /// The golden text of `language`: a line per title and per body, then the digest titles.
    static func render(_ language: TextLocale.Language) -> String {
        let locale = TextLocale.resolve(environment: ["LANG": locales[language] ?? ""])
        var lines = ["# \(locales[language] ?? "")"]
        for (name, facts) in facts {
            var draft = Templates.draft(facts, locale: locale)
            // A reminder's countdown as it reads when sent on time.
            if case .meeting(let meeting) = facts { draft.body = CountdownSlot.fill(draft.body, minutes: meeting.minutesUntilStart) }
            lines.append("\(name) title: \(draft.title)")
            lines.append("\(name) body: \(draft.body)")
        }
        for count in [0, 1, 2, 5, 12, 22, 101] { lines.append("digest \(count): \(Templates.digestTitle(count: count, language: language))") }
        for kind in [NotificationKind.meeting, .daily, .weekly, .test, .insight] {
            for count in [2, 5, 22] {
                lines.append("digest of \(count) \(kind.rawValue): \(Templates.digestTitle(of: kind, count: count, language: language))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("Each language's text matches its golden file", arguments: TextLocale.Language.allCases)
    func golden(language: TextLocale.Language) throws {
        let text = Self.render(language)
        let file = Self.folder.appendingPathComponent("\(language.rawValue).txt")
        if ProcessInfo.processInfo.environment["TIDINGS_RECORD_GOLDEN"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(got.count == want.count, "\(language): \(got.count) lines, the golden file has \(want.count)")
        for (line, wanted) in zip(got, want) where line != wanted {
            Issue.record("\(language):\n  got:  \(line)\n  want: \(wanted)")
        }
        #expect(!text.contains("{") && !text.contains("}"), "\(language): a placeholder is left")
    }
}
