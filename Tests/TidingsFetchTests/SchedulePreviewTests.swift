import Testing

@testable import TidingsFetch

/// The start of a schedule's JSON as `prefetch -v` shows it.
@Suite struct SchedulePreviewTests {
    @Test("A short body is shown whole; a long one is cut at 2000 characters and says so")
    func cut() {
        let short = SchedulePreview(Array(#"{"config": {}}"#.utf8))
        #expect(short.text == #"{"config": {}}"# && !short.isCut && short.extent == "all 14 characters")
        let body = "[" + String(repeating: "é", count: 2500) + "]"
        let long = SchedulePreview(Array(body.utf8))
        #expect(long.text.count == 2000 && long.isCut && long.characters == 2502)
        #expect(long.extent == "the first 2000 of 2502 characters, cut")
    }

    @Test("Control characters (an escape sequence, a bell) are shown as �; line feeds and tabs stay; invalid UTF-8 is �")
    func controls() {
        let preview = SchedulePreview(Array("{\u{1B}[31m\n\t\u{07}}".utf8) + [0xFF])
        #expect(preview.text == "{\u{FFFD}[31m\n\t\u{FFFD}}\u{FFFD}")
    }
}
