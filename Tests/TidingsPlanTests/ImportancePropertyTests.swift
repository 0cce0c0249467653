import Testing
import TidingsCalendar
import TidingsCore
import TidingsLinks
import TidingsTestSupport

@testable import TidingsPlan

/// The importance score against its documented table, over thousands of generated events:
/// each sign adds exactly its points, whatever else the event has.
@Suite struct ImportancePropertyTests {
    /// The same events on every run.
    typealias Generator = SplitMix64

    /// The signs of one generated event, and the tenths of a point the table of docs/pipeline.md gives them.
    struct Signs {
        var link = false, keyword = false, long = false, location = false, organizer = false, crowd = false, allDay = false
        var expected: Int {
            10 * ((link ? 10 : 0) + (keyword ? 5 : 0) + (long ? 3 : 0) + (location ? 2 : 0)) + (organizer ? 1 : 0) - (crowd ? 1 : 0)
                - (allDay ? 1 : 0)
        }
    }

    /// Words that hold no keyword, not even inside them.
    static let filler = ["sync", "planning", "weekly", "team", "notes", "coffee", "retro", "standup", "lunch", "catch-up"]
    static let link = MeetingLinks.find(in: "https://zoom.us/j/81234567890").first

    static func event(_ signs: Signs, random: inout Generator) -> CalendarOccurrence {
        var words = (0..<Int(1 + random.next() % 3)).map { _ in random.pick(filler) }
        if signs.keyword {
            let keyword = random.pick(Importance.keywords)
            // In any case, anywhere in the title.
            words.insert(random.coin() ? keyword.uppercased() : keyword, at: Int(random.next() % UInt64(words.count + 1)))
        }
        let start: EpochMillis = 1_795_000_000_000 + EpochMillis(random.next() % 1_000_000) * 60_000
        let length: EpochMillis = signs.long ? 3_600_001 + EpochMillis(random.next() % 20_000_000) : 60_000 + EpochMillis(random.next() % 3_540_000)
        var event = CalendarOccurrence(
            uid: "u", summary: words.joined(separator: " "), start: start, end: start + length, attendees: [],
            attendeeCount: signs.crowd ? 11 + Int(random.next() % 500) : Int(random.next() % 11))
        event.location = signs.location ? random.pick(["Room 4", "Berlin office", "https://example.org/room"]) : random.pick([nil, ""])
        event.allDay = signs.allDay
        return event
    }

    @Test("5,000 generated events: the priority is the sum of the table's points, in tenths")
    func tableHolds() throws {
        var random = Generator(state: 2026)
        let link = try #require(Self.link)
        for _ in 0..<5000 {
            let signs = Signs(
                link: random.coin(), keyword: random.coin(), long: random.coin(), location: random.coin(),
                organizer: random.coin(), crowd: random.coin(), allDay: random.coin())
            let event = Self.event(signs, random: &random)
            let priority = Importance.priority(of: event, link: signs.link ? link : nil, organizer: signs.organizer)
            #expect(priority == signs.expected, "\(event.summary), \(signs)")
            if priority != signs.expected { return }
        }
    }

    @Test("adding one sign to any event moves its score by exactly that sign's points, so ranking follows the table")
    func eachSignAlone() throws {
        var random = Generator(state: 7)
        let link = try #require(Self.link)
        for _ in 0..<1000 {
            let base = Signs(location: random.coin(), crowd: random.coin())
            var plain = Self.event(base, random: &random)
            let before = Importance.priority(of: plain, link: nil)
            #expect(Importance.priority(of: plain, link: link) == before + 100)
            #expect(Importance.priority(of: plain, link: nil, organizer: true) == before + 1)
            plain.allDay = true
            #expect(Importance.priority(of: plain, link: nil) == before - 1)
        }
    }
}
