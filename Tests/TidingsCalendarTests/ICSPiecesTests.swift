import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// A large calendar is parsed piece by piece: the occurrences, problems, derived UIDs and prepared
/// forms must be exactly those of the calendar parsed whole.
@Suite struct ICSPiecesTests {
    /// A zone only the file defines (+03:30 all year), which the frame must keep alive during expansion.
    static let corporateZone = """
        BEGIN:VTIMEZONE
        TZID:Corporate Time
        BEGIN:STANDARD
        DTSTART:19700101T000000
        TZOFFSETFROM:+0330
        TZOFFSETTO:+0330
        END:STANDARD
        END:VTIMEZONE
        """

    /// 300 events of every kind met across the pieces: masters whose overrides come much later, events
    /// without UID and with the same content, an unreadable event, alarms, the file's own zone, and a
    /// VTIMEZONE after the events.
    static func mixed(corporate: Bool) -> String {
        var parts = [ICSFixtures.berlinZone]
        // Event `index`'s start, and its zone.
        func start(_ index: Int) -> (date: String, zone: String) {
            let day = 1 + index % 28
            let zone = corporate && index % 7 == 0 ? "Corporate Time" : ["Europe/Berlin", "America/New_York"][index % 2]
            return ("202603\(day < 10 ? "0" : "")\(day)T\(10 + index % 8)0000", zone)
        }
        for index in 0..<300 {
            let (date, zone) = start(index)
            switch index % 10 {
            case 3:
                parts.append(ICSFixtures.event("SUMMARY:Same content", "DTSTART:20260310T090000Z", "DURATION:PT15M"))
            case 5 where index > 50:
                // Moves the first instance of a series 51 events earlier, in another piece.
                let master = start(index - 51)
                parts.append(
                    ICSFixtures.event(
                        "UID:series-\(index - 51)", "RECURRENCE-ID;TZID=\(master.zone):\(master.date)",
                        "DTSTART;TZID=\(zone):\(date)", "DURATION:PT45M", "SUMMARY:Moved \(index)"))
            case 9 where index % 100 == 9:
                parts.append(ICSFixtures.event("UID:broken-\(index)", "SUMMARY:No start"))
            default:
                parts.append(
                    ICSFixtures.event(
                        "UID:series-\(index)", "DTSTART;TZID=\(zone):\(date)", "DURATION:PT30M", "RRULE:FREQ=WEEKLY;COUNT=10",
                        "SUMMARY:Series \(index)", "LOCATION:https://zoom.us/j/\(81_000_000_000 + index)",
                        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT\(5 + index % 3)M", "END:VALARM"))
            }
        }
        if corporate { parts.append(corporateZone) }
        return ICSFixtures.calendar(parts.joined(separator: "\n"))
    }

    @Test("a calendar cut into many pieces expands exactly as parsed whole", arguments: [false, true])
    func expandsAsWhole(corporate: Bool) throws {
        let text = Self.mixed(corporate: corporate)
        var copy = text
        let prescan = try copy.withUTF8 { bytes in try ICSPrescan.check(bytes) }
        let pieces = copy.withUTF8 { ICSPieces($0, prescan: prescan, pieceBytes: 1) }
        #expect((pieces?.groups.count ?? 0) > 10)
        #expect(copy.withUTF8 { ICSPieces($0, prescan: prescan) } == nil)

        func expand(_ pieceBytes: Int) throws -> CalendarExpansion {
            try ICalendar.expand(
                text, from: icsUTC("2026-03-01T00:00:00Z"), until: icsUTC("2026-06-01T00:00:00Z"), floatingZone: .utc,
                maxOccurrencesPerEvent: 1000, workBudget: ICalendar.timeLimit, pieceBytes: pieceBytes)
        }
        let whole = try expand(.max)
        let cut = try expand(1)
        #expect(whole.occurrences.count > 2000)
        // Compared as a whole, without printing thousands of occurrences when they differ.
        let same = cut.occurrences == whole.occurrences
        #expect(same)
        #expect(cut.warnings == whole.warnings)
        #expect(whole.warnings.contains { $0.contains("broken-109") })
        #expect(cut.eventCount == whole.eventCount)
        #expect(whole.occurrences.contains { $0.summary == "Moved 55" })
        #expect(whole.occurrences.contains { !$0.alarms.isEmpty })
        #expect(Set(whole.occurrences.filter { $0.summary == "Same content" }.map(\.uid)).count == 30)
        if corporate {
            // Series 0 at 10:00 on the corporate clock, +03:30: 06:30 UTC.
            #expect(whole.occurrences.contains { $0.uid == "series-0" && $0.start == icsUTC("2026-03-01T06:30:00Z") })
        }
    }

    @Test("a calendar read in pieces gives prefetch the same count, problems and prepared form")
    func readsAsWhole() throws {
        let bytes = Array(Self.mixed(corporate: false).utf8)
        var wholeForm: PreparedCalendar?
        var cutForm: PreparedCalendar?
        let whole = try ICalendar.read(bytes, pieceBytes: .max, prepared: { wholeForm = $0 })
        let cut = try ICalendar.read(bytes, pieceBytes: 1, prepared: { cutForm = $0 })
        #expect(cut == whole)
        #expect(whole.events == 297)
        #expect(whole.withoutUID == 30)
        let wholeBytes = try #require(wholeForm?.encoded(for: whole.text))
        #expect(cutForm?.encoded(for: cut.text) == wholeBytes)
    }

    @Test("a calendar whose only readable events are cut out is refused as when parsed whole")
    func refusedAsWhole() {
        var parts: [String] = []
        for index in 0..<200 { parts.append(ICSFixtures.event("UID:broken-\(index)", "SUMMARY:No start \(index)")) }
        let bytes = Array(ICSFixtures.calendar(parts.joined(separator: "\n")).utf8)
        let whole = #expect(throws: CalendarError.self) { try ICalendar.read(bytes, pieceBytes: .max, prepared: nil) }
        let cut = #expect(throws: CalendarError.self) { try ICalendar.read(bytes, pieceBytes: 1, prepared: nil) }
        #expect(whole?.message.hasPrefix("no event can be read") == true)
        #expect(cut?.message == whole?.message)
    }
}
