import Testing

@testable import TidingsCore

@Suite struct WallTimeTests {
    @Test(
        "parses H:MM and HH:MM on a 24-hour clock",
        arguments: [("07:30", 7, 30), ("7:30", 7, 30), ("00:00", 0, 0), ("23:59", 23, 59), ("12:05", 12, 5)])
    func parsesValid(text: String, hour: Int, minute: Int) throws {
        let time = try #require(WallTime(text))
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.minuteOfDay == hour * 60 + minute)
    }

    @Test(
        "refuses times that are not HH:MM on a 24-hour clock",
        arguments: ["24:00", "07:60", "0730", "", "7:3", "07:30:00", "07.30", ":30", "07:", "ab:cd", "123:00", " 7:30"])
    func refusesInvalid(text: String) {
        #expect(WallTime(text) == nil)
    }

    @Test("the component initialiser checks its range")
    func componentRange() {
        #expect(WallTime(hour: 24, minute: 0) == nil)
        #expect(WallTime(hour: -1, minute: 0) == nil)
        #expect(WallTime(hour: 0, minute: 60) == nil)
        #expect(WallTime(hour: 23, minute: 59) != nil)
        #expect(WallTime.midnight == WallTime(hour: 0, minute: 0))
    }

    @Test("description pads to HH:MM; ordering is by minute of day")
    func descriptionAndOrder() throws {
        #expect(try Oracle.wall("7:05").description == "07:05")
        #expect(try Oracle.wall("23:59").description == "23:59")
        #expect(try Oracle.wall("06:59") < Oracle.wall("07:00"))
        #expect(try Oracle.wall("9:00") < Oracle.wall("10:00"))
    }
}
