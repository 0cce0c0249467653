import ArgumentParser
import TidingsCLI
import TidingsCalendar
import TidingsCore
import TidingsPlan
import TidingsStore

extension Tidings {
    struct Agenda: TidingsCommand {
        static let program = "tidings agenda"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "List a day's meetings: today's that are not over, or another day's.",
            discussion: """
                Read from the calendars kept in the database (what prefetch fetched last): \
                nothing is fetched. Each event shows its times, its title and its join link \
                (else its location); the one in progress is marked. Cancelled events and those \
                you declined (meetings.me) are left out; the same event in two calendars is \
                shown once. Exit status: 0, also for a day without meetings; 1 when there is no \
                database.
                """)

        @OptionGroup var options: CommonOptions

        @Option(help: ArgumentHelp("today, tomorrow or a date (YYYY-MM-DD).", valueName: "day"))
        var day: String = "today"

        @Option(
            help: ArgumentHelp(
                "text, json (one object per event), waybar (one JSON object: what is on now or next, the day in the tooltip) or polybar (one line).",
                valueName: "format"))
        var format: AgendaFormat = .text

        func run(_ context: RunContext) throws {
            let today = context.zone.date(of: context.now)
            let date: LocalDate
            switch day {
            case "today": date = today
            case "tomorrow": date = today.adding(days: 1)
            default:
                guard let given = LocalDate(day) else {
                    throw CLIError.usage("--day: expected today, tomorrow or a date as YYYY-MM-DD, found \"\(day)\"")
                }
                date = given
            }
            let database = try context.openDatabaseForReading()
            let folder = PreparedCalendarFolder(folder: context.places.preparedCalendarFolder)
            // The prepared forms plan keeps are read, never written: the agenda only reads.
            let preparer = CalendarPreparer(load: { folder.load($0) }, store: { _, _ in })
            let agenda = TidingsPlan.Agenda.day(
                date, now: context.now, zone: context.zone, config: context.config, calendars: try database.cachedCalendars(),
                preparer: preparer)
            for problem in agenda.problems { Terminal.warning(program: Self.program, problem) }
            try Terminal.output(AgendaView.render(agenda.entries, day: date, format: format, now: context.now, zone: context.zone))
        }
    }

    enum AgendaFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, waybar, polybar
    }
}

/// How a day's agenda looks on the terminal, as JSON lines and in a status bar.
enum AgendaView {
    static func render(_ entries: [AgendaEntry], day: LocalDate, format: Tidings.AgendaFormat, now: EpochMillis, zone: Zone) -> String {
        switch format {
        case .text:
            guard !entries.isEmpty else { return "\(day): no meetings\(zone.date(of: now) == day ? " left" : "")\n" }
            return "\(day)\n" + entries.map { line(for: $0, zone: zone) + "\n" }.joined()
        case .json:
            return entries.map { json(for: $0, zone: zone) + "\n" }.joined()
        case .waybar:
            var json = JSONLine()
            let current = entries.first { $0.inProgress } ?? entries.first { !$0.allDay && $0.start > now }
            json.add("text", current.map { NextView.markup("\($0.title) \(time($0.start, zone: zone))") } ?? "")
            json.add(
                "tooltip",
                entries.isEmpty ? "No meetings on \(day)" : NextView.markup(entries.map { line(for: $0, zone: zone) }.joined(separator: "\n")))
            let state = current == nil ? "none" : current?.inProgress == true ? "ongoing" : "upcoming"
            json.add("class", state)
            json.add("alt", state)
            return json.string + "\n"
        case .polybar:
            let timed = entries.filter { !$0.allDay }
            guard let current = timed.first(where: { $0.inProgress }) ?? timed.first else { return "\n" }
            let more = timed.count > 1 ? " (+\(timed.count - 1))" : ""
            return "\(time(current.start, zone: zone)) \(current.title)\(more)\n"
        }
    }

    /// `09:30`: the wall clock of `instant` in `zone`.
    static func time(_ instant: EpochMillis, zone: Zone) -> String {
        NextView.localTime(instant, zone: zone, dateIfNotOn: instant)
    }

    /// `* 09:30–09:45  Standup — Google Meet <https://…>`: `*` marks the event in progress.
    static func line(for entry: AgendaEntry, zone: Zone) -> String {
        let times =
            entry.allDay
            ? "all day    "
            : "\(time(entry.start, zone: zone))–\(NextView.localTime(entry.end, zone: zone, dateIfNotOn: entry.start))"
        var text = "\(entry.inProgress ? "*" : " ") \(times)  \(entry.title)"
        if let url = entry.url {
            text += " — \(entry.service ?? "join") <\(url)>"
        } else if let location = entry.location {
            text += " — \(location)"
        }
        return text
    }

    static func json(for entry: AgendaEntry, zone: Zone) -> String {
        var json = JSONLine()
        json.add("title", entry.title)
        json.add("start", entry.allDay ? "\(zone.date(of: entry.start))" : ISOTime.format(entry.start, in: zone))
        json.add("end", entry.allDay ? "\(zone.date(of: entry.end - 1))" : ISOTime.format(entry.end, in: zone))
        json.add("allDay", entry.allDay)
        json.add("inProgress", entry.inProgress)
        json.add("service", entry.service)
        json.add("url", entry.url)
        json.add("location", entry.location)
        json.add("calendar", entry.calendar)
        return json.string
    }
}
