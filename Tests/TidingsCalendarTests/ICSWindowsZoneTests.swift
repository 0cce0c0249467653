import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsCalendar

/// Windows zone names, and which zone decides when a calendar brings its own VTIMEZONE.
@Suite struct ICSWindowsZoneTests {
    /// The source the table is generated from, as committed: name → IANA zone.
    private static func source() throws -> [String: String] {
        let path = String(#filePath.split(separator: "/Tests/").first ?? "") + "/scripts/windows-zones-data/windows_tz.py"
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8), "cannot read \(path)")
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("    \"") {
            let parts = line.split(separator: "\"")
            if parts.count >= 4 { result[String(parts[1])] = String(parts[3]) }
        }
        return result
    }

    /// The system's zone links (`L target link` lines of tzdata.zi): the generator writes targets.
    private static func links() -> [String: String] {
        guard let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("L ") {
            let parts = line.split(separator: " ")
            if parts.count == 3 { result[String(parts[2])] = String(parts[1]) }
        }
        return result
    }

    @Test func theTableHasEveryNameOfTheSource() throws {
        let source = try Self.source()
        let links = Self.links()
        #expect(source.count >= 139)
        #expect(Set(ICSWindowsZones.table.keys) == Set(source.keys))
        for (name, iana) in source {
            var target = iana
            while let next = links[target], next != target { target = next }
            let mapped = ICSWindowsZones.table[name]
            #expect(mapped == iana || mapped == target, "\(name): \(mapped ?? "none"), source \(iana)")
            #expect(Zone(identifier: mapped ?? "") != nil, "\(name): \(mapped ?? "none") is not a zone of the system")
        }
    }

    /// 09:00 on 2026-01-15 and 2026-07-15 in a Windows zone, one from each CLDR region, as UTC.
    @Test(arguments: [
        ("Lord Howe Standard Time", "2026-01-14T22:00:00Z", "2026-07-14T22:30:00Z"),
        ("Russia Time Zone 3", "2026-01-15T05:00:00Z", "2026-07-15T05:00:00Z"),
        ("Ekaterinburg Standard Time", "2026-01-15T04:00:00Z", "2026-07-15T04:00:00Z"),
        ("Fiji Standard Time", "2026-01-14T21:00:00Z", "2026-07-14T21:00:00Z"),
        ("Belarus Standard Time", "2026-01-15T06:00:00Z", "2026-07-15T06:00:00Z"),
        ("Paraguay Standard Time", "2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"),
        ("Chatham Islands Standard Time", "2026-01-14T19:15:00Z", "2026-07-14T20:15:00Z"),
        ("Central Asia Standard Time", "2026-01-15T03:00:00Z", "2026-07-15T03:00:00Z"),
        ("Azerbaijan Standard Time", "2026-01-15T05:00:00Z", "2026-07-15T05:00:00Z"),
        ("Georgian Standard Time", "2026-01-15T05:00:00Z", "2026-07-15T05:00:00Z"),
        ("Syria Standard Time", "2026-01-15T06:00:00Z", "2026-07-15T06:00:00Z"),
        ("Hawaiian Standard Time", "2026-01-15T19:00:00Z", "2026-07-15T19:00:00Z"),
        ("Newfoundland Standard Time", "2026-01-15T12:30:00Z", "2026-07-15T11:30:00Z"),
        ("Nepal Standard Time", "2026-01-15T03:15:00Z", "2026-07-15T03:15:00Z"),
        ("Venezuela Standard Time", "2026-01-15T13:00:00Z", "2026-07-15T13:00:00Z"),
    ])
    func windowsNameWithoutVTimezone(name: String, january: String, july: String) throws {
        let calendar = ICSFixtures.calendar(
            ICSFixtures.event("UID:jan", "DTSTART;TZID=\(name):20260115T090000"),
            ICSFixtures.event("UID:jul", "DTSTART;TZID=\(name):20260715T090000"))
        // A floating zone far from all of them, so that a name read as floating shows.
        let expansion = try icsExpand(calendar, zone: .named("America/Anchorage"))
        #expect(expansion.occurrences.map(\.start) == [icsUTC(january), icsUTC(july)])
    }

    @Test func windowsNamesIgnoreCase() throws {
        let calendar = ICSFixtures.calendar(ICSFixtures.event("UID:x", "DTSTART;TZID=fiji standard time:20260115T090000"))
        #expect(try icsExpand(calendar).occurrences.map(\.start) == [icsUTC("2026-01-14T21:00:00Z")])
    }

    /// A VTIMEZONE for Europe/Berlin that knows only 2018–2020.
    @Test(arguments: [
        """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:20180101T000000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0200
        END:STANDARD
        END:VTIMEZONE
        """,
        """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        DTSTART:20180325T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20200329T010000Z
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        END:DAYLIGHT
        BEGIN:STANDARD
        DTSTART:20181028T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20201025T010000Z
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        """,
    ])
    func aPartialVTimezoneOfAKnownZoneGivesWayToTheSystem(vtimezone: String) throws {
        // Given: a meeting in January and one in July 2026, in the feed's own Europe/Berlin.
        let calendar = ICSFixtures.calendar(
            vtimezone,
            ICSFixtures.event("UID:winter", "DTSTART;TZID=Europe/Berlin:20260115T090000"),
            ICSFixtures.event("UID:summer", "DTSTART;TZID=Europe/Berlin:20260715T090000"))

        // Then: CET and CEST as the system's zone data has them.
        let starts = try icsExpand(calendar).occurrences.map(\.start)
        #expect(starts == [icsUTC("2026-01-15T08:00:00Z"), icsUTC("2026-07-15T07:00:00Z")])
    }

    @Test func aVTimezoneDecidesForANameTheSystemDoesNotKnow() throws {
        let calendar = ICSFixtures.calendar(
            """
            BEGIN:VTIMEZONE
            TZID:Office time
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE
            """,
            ICSFixtures.event("UID:x", "DTSTART;TZID=Office time:20260115T090000"))
        #expect(try icsExpand(calendar).occurrences.map(\.start) == [icsUTC("2026-01-15T03:30:00Z")])
    }
}
