import Testing
import TidingsCore

@testable import TidingsGenerate

/// The templates' words per kind, in English and German.
@Suite struct TemplateTests {
    static let english = TextLocale.english
    static let german = TextLocale.resolve(environment: ["LANG": "de_DE.UTF-8"])
    static let american = TextLocale.resolve(environment: ["LANG": "en_US.UTF-8"])
    static let hour: Int64 = 3_600_000
    static let sunday = LocalDate(year: 2026, month: 11, day: 22)!

    static func draft(_ facts: GenerationFacts, _ locale: TextLocale) -> TextDraft { Templates.draft(facts, locale: locale) }

    static func moment(_ date: LocalDate, _ hour: Int, _ minute: Int = 0) -> LocalMoment {
        LocalMoment(date: date, time: WallTime(hour: hour, minute: minute)!)
    }

    @Test("The daily update: content as sent, a stale label in the user's language, emergency lines")
    func daily() {
        let fresh = GenerationFacts.daily(.content(title: "Morning news", body: "Rain later.", staleAge: nil))
        #expect(Self.draft(fresh, Self.german) == TextDraft(title: "Morning news", body: "Rain later."))
        let stale = GenerationFacts.daily(.content(title: "Morning news", body: "Rain later.", staleAge: 3 * Self.hour + 5 * 60_000))
        #expect(Self.draft(stale, Self.english).body == "Rain later. (as of 3h ago)")
        #expect(Self.draft(stale, Self.german).body == "Rain later. (Stand vor 3 Std.)")
        let old = GenerationFacts.daily(.content(title: "T", body: "", staleAge: 50 * Self.hour))
        #expect(Self.draft(old, Self.english).body == "From 2 days ago")
        #expect(Self.draft(old, Self.german).body == "Stand vor 2 Tagen")
        let minutes = GenerationFacts.daily(.content(title: "T", body: "", staleAge: 20 * 60_000))
        #expect(Self.draft(minutes, Self.german).body == "Stand vor 20 Min.")

        let emergency = GenerationFacts.daily(.emergency(configuredLine: nil, date: Self.sunday))
        let english = Self.draft(emergency, Self.english)
        let german = Self.draft(emergency, Self.german)
        #expect(english.title == "Your daily update" && german.title == "Dein tägliches Update")
        #expect(english.body == EmergencyMessages.line(for: Self.sunday, from: []))
        // The same rotation in both languages.
        let index = EmergencyMessages.builtIn.firstIndex(of: english.body)
        #expect(index != nil && german.body == Templates.emergencyLines(.de)[index ?? 0])
        let configured = GenerationFacts.daily(.emergency(configuredLine: "Stay calm.", date: Self.sunday))
        #expect(Self.draft(configured, Self.german).body == "Stay calm.")
    }

    static var week: WeekFacts {
        var week = WeekFacts()
        week.past.meetings = 6
        week.past.millis = 6 * hour + 30 * 60_000
        week.past.byDay = [1: hour, 3: 3 * hour + 30 * 60_000, 5: 2 * hour]
        week.past.longest = WeekFacts.Meeting(title: "Design review", millis: 2 * hour)
        week.before.meetings = 8
        week.coming.meetings = 9
        week.coming.millis = 11 * hour
        week.coming.byDay = [2: 4 * hour, 4: 2 * hour]
        return week
    }

    @Test("The weekly summary: meetings, hours with one decimal, busiest day, longest, change, next week")
    func weekly() {
        let english = Self.draft(.weekly(Self.week), Self.english)
        #expect(english.title == "Your week: 6 meetings, 6.5 h")
        #expect(
            english.body
                == "Busiest day: Wednesday (3.5 h). Longest: Design review (2 h). 2 fewer than the week before. Coming week: 9 meetings, 11 h, Tuesday busiest."
        )
        let german = Self.draft(.weekly(Self.week), Self.german)
        #expect(german.title == "Deine Woche: 6 Termine, 6,5 Std.")
        #expect(
            german.body
                == "Vollster Tag: Mittwoch (3,5 Std.). Längster Termin: Design review (2 Std.). 2 weniger als in der Vorwoche. Nächste Woche: 9 Termine, 11 Std., Dienstag am vollsten."
        )
    }

    @Test("A quiet week: no busiest day, no longest meeting, minutes under an hour, one meeting")
    func quietWeek() {
        var week = WeekFacts()
        week.before.meetings = 1
        week.coming.meetings = 1
        week.coming.millis = 45 * 60_000
        week.coming.byDay = [2: 45 * 60_000]
        #expect(
            Self.draft(.weekly(week), Self.english)
                == TextDraft(
                    title: "Your week: 0 meetings, 0 min", body: "1 fewer than the week before. Coming week: 1 meeting, 45 min, Tuesday busiest."))
        #expect(
            Self.draft(.weekly(week), Self.german)
                == TextDraft(
                    title: "Deine Woche: 0 Termine, 0 Min.",
                    body: "1 weniger als in der Vorwoche. Nächste Woche: 1 Termin, 45 Min., Dienstag am vollsten."))
    }

    @Test("A long meeting title is cut in the summary, and the summary keeps the body limit")
    func weeklyLimits() {
        var week = Self.week
        week.past.longest = WeekFacts.Meeting(title: String(repeating: "Quarterly planning ", count: 20), millis: 2 * Self.hour)
        for locale in [Self.english, Self.german] {
            let draft = Self.draft(.weekly(week), locale)
            #expect(draft.body.count <= ContentPayload.maxBodyLength && draft.title.count <= ContentPayload.maxTitleLength)
            #expect(draft.body.contains("Quarterly planning Quarterly planning Quarterly planning Qu…"))
        }
    }

    static func meeting(start: LocalMoment, due: LocalMoment, minutes: Int, service: String? = "Zoom", location: String? = nil, allDay: Bool = false)
        -> GenerationFacts
    {
        .meeting(
            MeetingFacts(
                title: "Client review", allDay: allDay, start: start, end: moment(start.date, start.time.hour + 1, start.time.minute),
                due: due, minutesUntilStart: minutes, service: service, location: location))
    }

    @Test("A meeting reminder: the start on the locale's clock, the wait, the service or place")
    func meeting() {
        let monday = Self.sunday.adding(days: 1)
        let soon = Self.meeting(start: Self.moment(monday, 14), due: Self.moment(monday, 13, 50), minutes: 10)
        // Under an hour the minutes left are a slot, filled in when the text is shown.
        let en = CountdownSlot.slot(.en)
        #expect(Self.draft(soon, Self.english) == TextDraft(title: "Client review", body: "Starts at 14:00 (in \(en)), until 15:00 · Join on Zoom"))
        #expect(CountdownSlot.fill(Self.draft(soon, Self.english).body, minutes: 10) == "Starts at 14:00 (in 10 min), until 15:00 · Join on Zoom")
        #expect(
            CountdownSlot.fill(Self.draft(soon, Self.american).body, minutes: 10) == "Starts at 2:00 PM (in 10 min), until 3:00 PM · Join on Zoom")
        #expect(
            CountdownSlot.fill(Self.draft(soon, Self.german).body, minutes: 10) == "Beginnt um 14:00 (in 10 Min.), bis 15:00 · Über Zoom teilnehmen")
        let tomorrow = Self.meeting(start: Self.moment(monday, 9), due: Self.moment(Self.sunday, 19), minutes: 840, service: nil, location: "Room 4")
        #expect(Self.draft(tomorrow, Self.english).body == "Starts tomorrow at 09:00 (in 14 h), until 10:00 · Room 4")
        #expect(Self.draft(tomorrow, Self.german).body == "Beginnt morgen um 09:00 (in 14 Std.), bis 10:00 · Room 4")
        let later = Self.meeting(start: Self.moment(monday.adding(days: 1), 9), due: Self.moment(Self.sunday, 9), minutes: 2 * 1440)
        #expect(Self.draft(later, Self.english).body.hasPrefix("Starts on Tuesday 24 November at 09:00 (in 48 h)"))
        #expect(Self.draft(later, Self.american).body.hasPrefix("Starts on Tuesday, November 24 at 9:00 AM (in 48 h)"))
        #expect(Self.draft(later, Self.german).body.hasPrefix("Beginnt am Dienstag, 24. November um 09:00 (in 48 Std.)"))
        let allDay = Self.meeting(start: Self.moment(monday, 0), due: Self.moment(monday, 8), minutes: 0, service: nil, allDay: true)
        #expect(Self.draft(allDay, Self.english).body == "Today, all day")
        #expect(Self.draft(allDay, Self.german).body == "Heute, ganztägig")
        let untitled = GenerationFacts.meeting(
            MeetingFacts(
                title: "", allDay: true, start: Self.moment(monday, 0), end: Self.moment(monday, 0), due: Self.moment(monday, 8),
                minutesUntilStart: 0, service: nil, location: nil))
        #expect(Self.draft(untitled, Self.english).title == "Meeting" && Self.draft(untitled, Self.german).title == "Termin")
    }

    @Test("Insights in English and German")
    func insights() {
        let fewer = GenerationFacts.insight(
            .meetingHours(thisWeek: 6 * Self.hour + 30 * 60_000, lastWeek: 10 * Self.hour, meetingsThisWeek: 5, meetingsLastWeek: 8))
        #expect(
            Self.draft(fewer, Self.english)
                == TextDraft(
                    title: "Fewer meeting hours this week", body: "6.5 h in meetings over the past 7 days, 3.5 h less than the week before (10 h)."))
        #expect(
            Self.draft(fewer, Self.german)
                == TextDraft(
                    title: "Weniger Zeit in Terminen",
                    body: "6,5 Std. in Terminen in den letzten 7 Tagen, 3,5 Std. weniger als in der Woche davor (10 Std.)."))
        let dismissed = GenerationFacts.insight(.engagement(opened: 2, dismissed: 7))
        #expect(Self.draft(dismissed, Self.english).body.hasPrefix("You dismissed 7 of the 9 notifications you acted on in the past 7 days."))
        #expect(Self.draft(dismissed, Self.german).body.hasPrefix("Du hast 7 der 9 Benachrichtigungen der letzten 7 Tage verworfen"))
        let opened = GenerationFacts.insight(.engagement(opened: 8, dismissed: 2))
        #expect(Self.draft(opened, Self.english).body == "You opened 8 of the 10 notifications you acted on in the past 7 days, and dismissed 2.")
        let stale = GenerationFacts.insight(.staleContent(stale: 3, delivered: 7))
        #expect(Self.draft(stale, Self.english).title == "Some updates were out of date")
        #expect(Self.draft(stale, Self.german).body.hasPrefix("3 der 7 Benachrichtigungen der letzten 7 Tage zeigten ältere Inhalte."))
        for facts in [fewer, dismissed, opened, stale] {
            for locale in [Self.english, Self.german] {
                let draft = Self.draft(facts, locale)
                #expect(draft.title.count <= ContentPayload.maxTitleLength && draft.body.count <= ContentPayload.maxBodyLength)
            }
        }
    }

    @Test("The template generator returns the draft and records template; recorded names read back")
    func generator() {
        let request = GenerationRequest(facts: .weekly(Self.week), locale: Self.german)
        #expect(request.kind == .weekly)
        let text = TemplateGenerator().write(request)
        #expect(text.title == request.draft.title && text.body == request.draft.body && text.generator == .template)
        #expect(Generator.template.rawValue == "template" && Generator.llmFallback.rawValue == "llm-fallback")
        #expect(GeneratedText(request.draft, by: .llmFallback, reason: "timeout\nafter 5s").fallbackReason == "timeout after 5s")
        #expect(GeneratedText(request.draft, by: .llm, reason: "ignored").fallbackReason == nil, "only a fallback has a reason")
        #expect(Generator(rawValue: "llm") == .llm && Generator(rawValue: "gpt") == nil)
        let long = GeneratedText(TextDraft(title: String(repeating: "t", count: 100), body: String(repeating: "b", count: 300)), by: .llm)
        #expect(long.title.count == ContentPayload.maxTitleLength && long.body.count == ContentPayload.maxBodyLength && long.body.hasSuffix("…"))
    }
}
