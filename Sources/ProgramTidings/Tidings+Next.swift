import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsLinks
import TidingsStore

extension Tidings {
    struct Next: TidingsCommand {
        static let program = "tidings next"
        static let brokenConfig: BrokenConfigPolicy = .lastGood

        static let configuration = CommandConfiguration(
            abstract: "Show the next meeting with a join link.",
            discussion: """
                Read from the meeting reminders in the database only: no calendar is fetched. \
                The next meeting is the first timed one to start that has not ended; one that \
                began up to 10 minutes ago still counts, after that the next one comes first. \
                Exit status: 0 shown, 1 no meeting with a join link ahead (or no database).
                """)

        @OptionGroup var options: CommonOptions

        @Option(
            help: ArgumentHelp(
                "text, json (one object) or waybar (the JSON a waybar custom module reads: the title and time left, the link in the tooltip).",
                valueName: "format"))
        var format: NextFormat = .text

        /// A status bar shows an empty module when there is no meeting, rather than nothing.
        func failureAnswer(_ message: String) -> (line: String, status: Int32)? {
            format == .waybar ? (NextView.waybarEmpty + "\n", 1) : nil
        }

        func run(_ context: RunContext) throws {
            let meeting = try Self.nextMeeting(context)
            let services = MeetingServiceTable(own: context.config.meetings.services)
            try Terminal.output(NextView.render(meeting, format: format, now: context.now, zone: context.zone, services: services) + "\n")
        }

        /// The next meeting, or the failure that says there is none.
        static func nextMeeting(_ context: RunContext) throws -> NextMeeting {
            guard let meeting = try context.openDatabaseForReading().nextMeeting(at: context.now) else {
                throw CLIError.failed("no upcoming meeting with a join link (tidings pending lists the reminders planned)")
            }
            return meeting
        }
    }

    enum NextFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, waybar
    }
}

/// How the next meeting looks on the terminal, as JSON and in a status bar.
enum NextView {
    static func render(
        _ meeting: NextMeeting, format: Tidings.NextFormat, now: EpochMillis, zone: Zone, services: MeetingServiceTable = .standard
    ) -> String {
        let left = timeLeft(until: meeting, now: now)
        switch format {
        case .text:
            return "\(localTime(meeting.start, zone: zone))  \(meeting.title)  (\(left))\n\(meeting.url)"
        case .json:
            var json = JSONLine()
            json.add("title", meeting.title)
            json.add("start", ISOTime.format(meeting.start, in: zone))
            json.add("end", ISOTime.format(meeting.end, in: zone))
            json.add("minutesUntilStart", minutesUntil(meeting.start, now: now))
            json.add("timeLeft", left)
            json.add("service", service(of: meeting, services: services))
            json.add("url", meeting.url)
            json.add("link", meeting.link)
            json.add("reminder", meeting.reminderID)
            return json.string
        case .waybar:
            // waybar reads `text` and `tooltip` as Pango markup.
            var json = JSONLine()
            json.add("text", markup("\(meeting.title) \(left)"))
            let lines = [
                meeting.title, "\(localTime(meeting.start, zone: zone))–\(localTime(meeting.end, zone: zone, dateIfNotOn: meeting.start))",
                meeting.url,
            ]
            json.add("tooltip", markup(lines.joined(separator: "\n")))
            let state = meeting.start <= now ? "ongoing" : meeting.start - now <= 15 * 60_000 ? "soon" : "upcoming"
            json.add("class", state)
            json.add("alt", state)
            return json.string
        }
    }

    /// What a waybar module shows when there is no meeting ahead.
    static let waybarEmpty: String = {
        var json = JSONLine()
        json.add("text", "")
        json.add("tooltip", "No upcoming meeting with a join link")
        json.add("class", "none")
        json.add("alt", "none")
        return json.string
    }()

    /// Whole minutes until `start`, rounded up; 0 or less once it began.
    static func minutesUntil(_ start: EpochMillis, now: EpochMillis) -> Int64 {
        start > now ? (start - now + 59_999) / 60_000 : -((now - start) / 60_000)
    }

    /// `in 12 min`, `in 2 h 5 min`, `in 3 d 4 h`, `now`, `started 3 min ago`.
    static func timeLeft(until meeting: NextMeeting, now: EpochMillis) -> String {
        let minutes = minutesUntil(meeting.start, now: now)
        if minutes < 0 { return "started \(-minutes) min ago" }
        if minutes == 0 { return "now" }
        if minutes < 60 { return "in \(minutes) min" }
        if minutes < 24 * 60 { return minutes % 60 == 0 ? "in \(minutes / 60) h" : "in \(minutes / 60) h \(minutes % 60) min" }
        let hours = minutes / 60
        return hours % 24 == 0 ? "in \(hours / 24) d" : "in \(hours / 24) d \(hours % 24) h"
    }

    /// `2026-11-22 09:30`; only `09:30` when `instant` is on the same local day as `dateIfNotOn`.
    static func localTime(_ instant: EpochMillis, zone: Zone, dateIfNotOn other: EpochMillis? = nil) -> String {
        let (date, second) = zone.local(instant)
        let time = "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
        if let other, zone.local(other).date == date { return time }
        return "\(date) \(time)"
    }

    /// The name of the meeting's service (`Zoom`), when its link is one Tidings knows.
    static func service(of meeting: NextMeeting, services: MeetingServiceTable) -> String? {
        MeetingLinks.find(in: meeting.url, services: services).first.flatMap { services.service(platform: $0.platform)?.name }
    }

    /// `text` with `&`, `<` and `>` escaped for Pango markup.
    static func markup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
