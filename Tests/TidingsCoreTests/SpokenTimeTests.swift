import Testing
import TidingsCore
import TidingsTestSupport

/// Times as people say them (`SpokenTime`), against a fixed clock in Berlin: Tuesday
/// 2027-03-23 10:00, five days before the clocks go forward (Sunday 2027-03-28, 02:00 → 03:00).
@Suite struct SpokenTimeTests {
    let berlin = Zone.named("Europe/Berlin")
    var now: EpochMillis { TestClock.at("2027-03-23T10:00", in: berlin) }

    @Test(
        "English phrases: a day before or after the time, 12-hour forms, noon, midnight, in a span",
        arguments: [
            ("tomorrow 9:00", "2027-03-24T09:00+01:00"),
            ("Tomorrow, 3pm", "2027-03-24T15:00+01:00"),
            ("tomorrow at 3 PM", "2027-03-24T15:00+01:00"),
            ("8 a.m. tomorrow", "2027-03-24T08:00+01:00"),
            ("fri 14:30", "2027-03-26T14:30+01:00"),
            ("Friday 2:30pm", "2027-03-26T14:30+01:00"),
            ("this friday 9:00", "2027-03-26T09:00+01:00"),
            ("at 3pm on friday", "2027-03-26T15:00+01:00"),
            ("tue 11:00", "2027-03-23T11:00+01:00"),
            ("next monday 8am", "2027-03-29T08:00+02:00"),
            ("8am next monday", "2027-03-29T08:00+02:00"),
            ("next tue 9:00", "2027-03-30T09:00+02:00"),
            ("monday 12am", "2027-03-29T00:00+02:00"),
            ("sun 12pm", "2027-03-28T12:00+02:00"),
            ("in 1h30m", "2027-03-23T11:30+01:00"),
            ("in 2 hours", "2027-03-23T12:00+01:00"),
            ("in 1 hour 15 minutes", "2027-03-23T11:15+01:00"),
            ("noon", "2027-03-23T12:00+01:00"),
            ("midnight", "2027-03-24T00:00+01:00"),
            ("today 17:00", "2027-03-23T17:00+01:00"),
            ("3pm", "2027-03-23T15:00+01:00"),
            ("11:59pm", "2027-03-23T23:59+01:00"),
            ("12am", "2027-03-24T00:00+01:00"),
            ("9:00", "2027-03-24T09:00+01:00"),
            ("14h30", "2027-03-23T14:30+01:00"),
            ("2027-03-30 9:00", "2027-03-30T09:00+02:00"),
        ])
    func english(text: String, expected: String) throws {
        #expect(try SpokenTime.instant(text, now: now, zone: berlin) == TestClock.at(expected), "\(text)")
    }

    @Test(
        "The eight languages: today, tomorrow, weekdays and their short forms, next, and the words between",
        arguments: [
            ("morgen 9:00", "2027-03-24T09:00+01:00"), ("fr 14:30", "2027-03-26T14:30+01:00"),
            ("am Freitag um 14:30", "2027-03-26T14:30+01:00"), ("nächsten Montag 8:00", "2027-03-29T08:00+02:00"),
            ("Mittwoch 9 Uhr", "2027-03-24T09:00+01:00"), ("heute 18:00", "2027-03-23T18:00+01:00"),
            ("mañana 9:00", "2027-03-24T09:00+01:00"), ("manana 9:00", "2027-03-24T09:00+01:00"),
            ("viernes 14:30", "2027-03-26T14:30+01:00"), ("miércoles a las 10:30", "2027-03-24T10:30+01:00"),
            ("demain 9h", "2027-03-24T09:00+01:00"), ("vendredi 14h30", "2027-03-26T14:30+01:00"),
            ("lundi prochain 8h", "2027-03-29T08:00+02:00"), ("jeu à 9:00", "2027-03-25T09:00+01:00"),
            ("domani 9:00", "2027-03-24T09:00+01:00"), ("venerdì 14:30", "2027-03-26T14:30+01:00"),
            ("giovedì alle 9:00", "2027-03-25T09:00+01:00"), ("oggi 18:00", "2027-03-23T18:00+01:00"),
            ("morgen om 9:00", "2027-03-24T09:00+01:00"), ("vrijdag 14:30", "2027-03-26T14:30+01:00"),
            ("volgende maandag 8:00", "2027-03-29T08:00+02:00"), ("do 9:00", "2027-03-25T09:00+01:00"),
            ("jutro 9:00", "2027-03-24T09:00+01:00"), ("piątek 14:30", "2027-03-26T14:30+01:00"),
            ("środa o 9:00", "2027-03-24T09:00+01:00"), ("pt 9:00", "2027-03-26T09:00+01:00"),
            ("amanhã 9:00", "2027-03-24T09:00+01:00"), ("sexta-feira 14:30", "2027-03-26T14:30+01:00"),
            ("sábado às 10:00", "2027-03-27T10:00+01:00"), ("qua 9:00", "2027-03-24T09:00+01:00"),
        ])
    func languages(text: String, expected: String) throws {
        #expect(try SpokenTime.instant(text, now: now, zone: berlin) == TestClock.at(expected), "\(text)")
    }

    @Test(
        "Every weekday name of the eight languages names its day",
        arguments: [
            ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
            ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
            ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
            ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
            ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
            ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
            ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"],
            ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
        ])
    func weekdayNames(names: [String]) throws {
        for (index, name) in names.enumerated() {
            let instant = try SpokenTime.instant("\(name) 12:00", now: now, zone: berlin)
            // From Tuesday: Monday is in 6 days, Tuesday today (12:00 lies ahead), Wednesday tomorrow.
            let date = berlin.date(of: instant)
            #expect(date.isoWeekday == index + 1, "\(name)")
            #expect(date.dayNumber - berlin.date(of: now).dayNumber == (index + 7 - 1) % 7, "\(name)")
        }
    }

    @Test(
        "Ambiguous or unknown phrases are refused, saying what was understood or what is accepted",
        arguments: [
            (
                "next friday 9:00",
                "\"next friday 9:00\" is ambiguous on a Tuesday: say friday 09:00 for 2027-03-26, or 2027-04-02 09:00 for the Friday after"
            ),
            ("tue 9:00", "\"tue 9:00\": today is Tuesday and 09:00 has passed; say next tuesday 09:00 for 2027-03-30"),
            ("today 9:00", "\"today 9:00\": 2027-03-23T09:00:00+01:00 has passed (now is 2027-03-23T10:00:00+01:00)"),
            ("1/2 9:00", "\"1/2\" in \"1/2 9:00\": day or month first? Write the date as YYYY-MM-DD, such as 2027-02-01 9:00"),
            ("2.3. 9:00", "\"2.3.\" in \"2.3. 9:00\": day or month first?"),
            ("tomorrow 9", "\"tomorrow 9\": 9 o'clock in the morning or the evening? Say 9:00, 9am or 9pm"),
            ("tomorrow", "\"tomorrow\": say at what time too, such as tomorrow 9:00"),
            ("fri midnight", "\"fri midnight\": at the start or the end of the day? Say friday 00:00 for its start, saturday 00:00 for its end"),
            ("sun midnight", "\"sun midnight\": at the start or the end of the day? Say sunday 00:00 for its start, monday 00:00 for its end"),
            ("tomorrow midnight", "\"tomorrow midnight\": at the start or the end of the day? Say 00:00 with the day that begins then"),
            ("13pm", "\"13pm\" in \"13pm\": a 12-hour time runs from 12am (00:00) to 11:59pm"),
            ("0am", "\"0am\" in \"0am\": a 12-hour time"),
            ("in 30s", "\"in 30s\": expected in and a span of a minute or more"),
            ("in a while", "\"in a while\": expected in and a span"),
            ("soonish", "expected HH:MM, a date and time such as 2026-11-23T09:15, or a phrase such as tomorrow 9:00, fri 14:30"),
            ("25:00", "expected HH:MM"),
            ("next 9:00", "expected HH:MM"),
            ("2027-03-20 9:00", "\"2027-03-20 9:00\": 2027-03-20T09:00:00+01:00 has passed"),
        ])
    func refused(text: String, message: String) throws {
        let refusal = #expect(throws: SpokenTime.Refusal.self) { try SpokenTime.instant(text, now: now, zone: berlin) }
        #expect(refusal?.message.hasPrefix(message) == true, "\(refusal?.message ?? "")")
    }

    @Test("next DAY: the same day next week said on that day; the coming one when it lies in next week")
    func nextOnTheSameDay() throws {
        let friday = TestClock.at("2027-03-26T10:00", in: berlin)
        #expect(try SpokenTime.instant("next friday 9:00", now: friday, zone: berlin) == TestClock.at("2027-04-02T09:00+02:00"))
        #expect(try SpokenTime.instant("friday 11:00", now: friday, zone: berlin) == TestClock.at("2027-03-26T11:00+01:00"))
        #expect(try SpokenTime.instant("next monday 9:00", now: friday, zone: berlin) == TestClock.at("2027-03-29T09:00+02:00"))
        let sunday = TestClock.at("2027-03-28T20:00", in: berlin)
        #expect(try SpokenTime.instant("next sunday 9:00", now: sunday, zone: berlin) == TestClock.at("2027-04-04T09:00+02:00"))
        #expect(throws: SpokenTime.Refusal.self) { try SpokenTime.instant("next saturday 9:00", now: friday, zone: berlin) }
    }

    @Test("Across the change of clocks: a time in the skipped hour moves to 03:00, one shown twice is the first")
    func daylightSaving() throws {
        let saturday = TestClock.at("2027-03-27T10:00", in: berlin)
        #expect(try SpokenTime.instant("tomorrow 2:30", now: saturday, zone: berlin) == TestClock.at("2027-03-28T03:00+02:00"))
        #expect(try SpokenTime.instant("sun 2:30am", now: saturday, zone: berlin) == TestClock.at("2027-03-28T03:00+02:00"))
        #expect(try SpokenTime.instant("tomorrow 1:59", now: saturday, zone: berlin) == TestClock.at("2027-03-28T01:59+01:00"))
        #expect(try SpokenTime.instant("tomorrow 10:00", now: saturday, zone: berlin) == TestClock.at("2027-03-28T10:00+02:00"))
        #expect(try SpokenTime.instant("in 24h", now: saturday, zone: berlin) == TestClock.at("2027-03-28T11:00+02:00"))
        let autumn = TestClock.at("2027-10-30T10:00", in: berlin)
        #expect(try SpokenTime.instant("tomorrow 2:30", now: autumn, zone: berlin) == TestClock.at("2027-10-31T02:30+02:00"))
        #expect(try SpokenTime.instant("midnight", now: autumn, zone: berlin) == TestClock.at("2027-10-31T00:00+02:00"))
    }

    @Test("The phrase itself: a time alone, a day and a time, a span from now")
    func phrases() throws {
        #expect(try SpokenTime.phrase("3pm") == .clock(try #require(WallTime(hour: 15, minute: 0))))
        #expect(try SpokenTime.phrase("NOON") == .clock(try #require(WallTime(hour: 12, minute: 0))))
        #expect(try SpokenTime.phrase("midnight") == .midnight)
        #expect(try SpokenTime.phrase("next mon 8am") == .on(.weekday(1, next: true), try #require(WallTime(hour: 8, minute: 0))))
        #expect(try SpokenTime.phrase("in 1h30m") == .after(90 * 60_000))
        #expect(try SpokenTime.phrase("in 1h30m").isFromNow)
        #expect(try !SpokenTime.phrase("tomorrow 9:00").isFromNow)
    }
}
