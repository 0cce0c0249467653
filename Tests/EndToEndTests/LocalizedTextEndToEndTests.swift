import Foundation
import Testing
import TidingsTestSupport

/// Every language's text through the built programs, with what Foundation's ICU data does
/// for them: zones looked up by IANA name (a half-hour one too) and by Windows name, and the
/// meeting links matched by regular expressions. The release programs carry a trimmed copy
/// of that data (scripts/icu-data); a trim that drops something these need fails here.
@Suite struct LocalizedTextEndToEndTests {
    static let config = CalendarEndToEndTests.config

    static let calendar = CalendarEndToEndTests.calendar([
        """
        UID:ny-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Client review
        DTSTART;TZID=America/New_York:20261123T090000
        DTEND;TZID=America/New_York:20261123T100000
        LOCATION:https://acme.zoom.us/j/81234567890?pwd=abcDEF123
        """,
        """
        UID:in-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Standup
        DTSTART;TZID=Asia/Kolkata:20261124T093000
        DTEND;TZID=Asia/Kolkata:20261124T100000
        DESCRIPTION:Join: https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc
        """,
        """
        UID:w-1@example.org
        DTSTAMP:20261101T000000Z
        SUMMARY:Planning
        DTSTART;TZID=W. Europe Standard Time:20261124T081500
        DTEND;TZID=W. Europe Standard Time:20261124T094500
        URL:https://meet.google.com/abc-defg-hij
        """,
    ])

    /// A locale, the weekly summary's title and the New York meeting's reminder in it.
    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var weekly: String
        var reminder: String
        var testDescription: String { locale }
    }

    static let cases: [Case] = [
        Case(locale: "en_US.UTF-8", weekly: "Your week: 0 meetings, 0 min", reminder: "Starts at 3:00 PM (in 10 min), until 4:00 PM · Join on Zoom"),
        Case(locale: "en_GB.UTF-8", weekly: "Your week: 0 meetings, 0 min", reminder: "Starts at 15:00 (in 10 min), until 16:00 · Join on Zoom"),
        Case(
            locale: "de_DE.UTF-8", weekly: "Deine Woche: 0 Termine, 0 Min.",
            reminder: "Beginnt um 15:00 (in 10 Min.), bis 16:00 · Über Zoom teilnehmen"),
        Case(
            locale: "fr_FR.UTF-8", weekly: "Ta semaine : 0 réunion, 0 min",
            reminder: "Commence à 15:00 (dans 10 min), jusqu’à 16:00 · Rejoindre via Zoom"),
        Case(
            locale: "es_ES.UTF-8", weekly: "Tu semana: 0 reuniones, 0 min",
            reminder: "Empieza a las 15:00 (en 10 min), hasta las 16:00 · Únete por Zoom"),
        Case(
            locale: "it_IT.UTF-8", weekly: "La tua settimana: 0 riunioni, 0 min",
            reminder: "Inizia alle 15:00 (tra 10 min), fino alle 16:00 · Partecipa su Zoom"),
        Case(
            locale: "pt_BR.UTF-8", weekly: "Sua semana: 0 reunião, 0 min",
            reminder: "Começa às 15:00 (daqui a 10 min), termina às 16:00 · Entrar via Zoom"),
        Case(locale: "nl_NL.UTF-8", weekly: "Je week: 0 afspraken, 0 min", reminder: "Begint om 15:00 (over 10 min), tot 16:00 · Deelnemen via Zoom"),
        Case(
            locale: "pl_PL.UTF-8", weekly: "Twój tydzień: 0 spotkań, 0 min",
            reminder: "Początek o 15:00 (za 10 min), koniec o 16:00 · Dołącz przez Zoom"),
        // A language without templates: English words, 24-hour times, and no error.
        Case(locale: "ja_JP.UTF-8", weekly: "Your week: 0 meetings, 0 min", reminder: "Starts at 15:00 (in 10 min), until 16:00 · Join on Zoom"),
    ]

    @Test("plan writes each language's text, with the zones and the meeting links found", arguments: cases)
    func language(_ expected: Case) async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.calendar, to: "work.ics")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T03:00")
        let result = try await pipeline.runner.run(
            "plan", ["--now", "2026-11-22T12:00", "--format", "json"], extra: ["LANG": expected.locale])
        #expect(result.status == 0 && result.stderr.isEmpty, "plan exited \(result.status): \(result.stderr)")
        let items = try JSONObject.array(result.stdout)
        #expect(items.first { $0.string("kind") == "weekly" }?.string("title") == expected.weekly)

        let newYork = try #require(items.first { $0.string("id") == "meeting:ny-1@example.org@10m" }, "\(result.stdout)")
        #expect(newYork.string("body") == expected.reminder)
        // 09:00 in New York is 15:00 in Berlin; reminded 10 minutes before.
        #expect(newYork.string("scheduledAt") == "2026-11-23T14:50:00+01:00")
        #expect(newYork.string("deepLink") == "https://acme.zoom.us/j/81234567890?pwd=abcDEF123")
        // 09:30 in Kolkata (UTC+05:30) is 05:00 in Berlin.
        let kolkata = try #require(items.first { $0.string("id") == "meeting:in-1@example.org@10m" })
        #expect(kolkata.string("scheduledAt") == "2026-11-24T04:50:00+01:00")
        #expect(kolkata.string("deepLink") == "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc")
        // Windows' name for Berlin's zone.
        let windows = try #require(items.first { $0.string("id") == "meeting:w-1@example.org@10m" })
        #expect(windows.string("scheduledAt") == "2026-11-24T08:05:00+01:00")
        #expect(windows.string("deepLink") == "https://meet.google.com/abc-defg-hij")

        // doctor, deliver and report start and run in the locale too.
        let doctor = try await pipeline.runner.run("tidings", ["doctor"], extra: ["LANG": expected.locale])
        #expect(doctor.stdout.contains("✓ database"), "\(doctor.stdout)\(doctor.stderr)")
        let deliver = try await pipeline.runner.run(
            "deliver", ["--now", "2026-11-23T14:51", "--channel", "stdout", "--format", "json"], extra: ["LANG": expected.locale])
        #expect(deliver.status == 0, "deliver exited \(deliver.status): \(deliver.stderr)")
        #expect(try JSONObject.array("[" + deliver.lines.joined(separator: ",") + "]").contains { $0.string("title") == "Client review" })
        let report = try await pipeline.runner.run("report", ["--now", "2026-11-23T15:00"], extra: ["LANG": expected.locale])
        #expect(report.status == 0 && report.stdout.contains("Delivery"), "\(report.stdout)\(report.stderr)")
    }
}
