import Testing
import TidingsCore

/// How a meeting reminder counts the minutes to its start.
@Suite struct CountdownTests {
    @Test("Minutes are counted up, as the reminder's text counts them")
    func minutes() {
        #expect(Countdown.minutes(from: 0, until: 600_000) == 10)
        #expect(Countdown.minutes(from: 1, until: 600_000) == 10)
        #expect(Countdown.minutes(from: 60_000, until: 600_000) == 9)
        #expect(Countdown.minutes(from: 540_001, until: 600_000) == 1)
    }
}
