import Testing
import TidingsCore

/// The countdown of a meeting reminder told again when it is sent.
@Suite struct CountdownTests {
    @Test(
        "The planned minutes become the minutes left, in English and German; other text and hours stay",
        arguments: [
            ("Starts at 06:50 (in 10 min), until 07:20", 10, 9, "Starts at 06:50 (in 9 min), until 07:20"),
            ("Beginnt um 06:50 (in 10 Min.), bis 07:20", 10, 3, "Beginnt um 06:50 (in 3 Min.), bis 07:20"),
            ("Starts at 06:50 (in 10 min), until 07:20", 10, 10, "Starts at 06:50 (in 10 min), until 07:20"),
            ("Starts tomorrow at 09:00 (in 2 h), until 10:00", 120, 119, "Starts tomorrow at 09:00 (in 2 h), until 10:00"),
            ("Standup moved (in 10 rooms)", 5, 4, "Standup moved (in 10 rooms)"),
            ("Starts at 06:50 (in 1 min) (in 1 min)", 1, 2, "Starts at 06:50 (in 2 min) (in 1 min)"),
        ] as [(String, Int, Int, String)])
    func retime(text: String, planned: Int, actual: Int, expected: String) {
        #expect(Countdown.retime(text, planned: planned, actual: actual) == expected)
    }

    @Test("Minutes are counted up, as the reminder's text counts them")
    func minutes() {
        #expect(Countdown.minutes(from: 0, until: 600_000) == 10)
        #expect(Countdown.minutes(from: 1, until: 600_000) == 10)
        #expect(Countdown.minutes(from: 60_000, until: 600_000) == 9)
        #expect(Countdown.minutes(from: 540_001, until: 600_000) == 1)
    }
}
