import Foundation
import Testing
import TidingsTestSupport

/// The debug view of a remote schedule: `prefetch -v` shows the start of the JSON that
/// arrived changed or was refused, and `tidings schedule show` the schedule kept, parsed and
/// checked, with each entry's due date and weekend shift, read from the database alone.
@Suite struct ScheduleShowEndToEndTests {
    /// Three entries first fetched on Friday 2026-11-20: day 1 is a Saturday, day 2 a Sunday.
    static let welcome = """
        {"config": {"version": "1.0", "fixedTime": "09:00", "weekdaysOnly": true},
         "notificationContent": {"title": "Welcome to Tidings", "subtitle": "A tip a day."},
         "schedules": [
           {"id": 1, "dayOffset": 1, "subtitle": "tidings pending shows what is still to come."},
           {"id": "inbox", "dayOffset": 2, "title": "Your inbox"},
           {"id": 3, "dayOffset": 5}
         ]}
        """

    static let config = """
        [daily]
        enabled = false
        [weekly]
        enabled = false
        [plan]
        horizon = "7d"
        [[sources]]
        name = "welcome"
        type = "schedule"
        url = "file:welcome.json"
        category = "marketing"
        """

    @Test(
        "prefetch -v shows a changed or refused schedule's JSON, cut at 2000 characters; schedule show gives entries, dates, the weekend shift, progress"
    )
    func debugView() async throws {
        let pipeline = try Pipeline(config: Self.config)
        try pipeline.folder.write(Self.welcome, to: "welcome.json")
        let first = try await pipeline.run("prefetch", "-v", "--now", "2026-11-20T08:00")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains("prefetch: source welcome: the schedule changed; its JSON (all \(Self.welcome.count) characters):\n{\"config\""),
            "\(first.stderr)")
        #expect(first.stderr.contains(#"{"id": 3, "dayOffset": 5}"#))
        // The same document again: nothing changed, nothing shown.
        let again = try await pipeline.run("prefetch", "-v", "--now", "2026-11-20T08:30")
        #expect(!again.stderr.contains("its JSON"), "\(again.stderr)")
        try await pipeline.succeed("plan", "--now", "2026-11-20T08:30")

        let json = try JSONObject(
            try await pipeline.succeed("tidings", "schedule", "show", "welcome", "--format", "json", "--now", "2026-11-20T08:30"))
        #expect(json.string("version") == "1.0" && json.string("firstDay") == "2026-11-20" && json.string("fixedTime") == "09:00")
        #expect(json.bool("weekdaysOnly") == true && json.string("category") == "marketing" && json.isNull("lastFailure"))
        let entries = (json["entries"] as? [[String: Any]] ?? []).map(JSONObject.init(fields:))
        #expect(entries.map { $0.string("notificationId") } == ["app_notification_1", "app_notification_inbox", "app_notification_3"])
        #expect(entries.map { $0.string("offsetDate") } == ["2026-11-21", "2026-11-22", "2026-11-25"])
        #expect(entries.map { $0.string("date") } == ["2026-11-23", "2026-11-23", "2026-11-25"])
        #expect(entries.map { $0.int("weekendShift") } == [2, 1, 0])
        #expect(entries.map { $0.string("due") } == ["2026-11-23T09:00:00+01:00", "2026-11-23T09:00:00+01:00", "2026-11-25T09:00:00+01:00"])
        #expect(entries.map { $0.string("state") } == ["pending", "pending", "pending"])
        #expect(entries.map { $0.string("body") } == ["tidings pending shows what is still to come.", "A tip a day.", "A tip a day."])

        // Monday: the first two go out; then a file that breaks a rule is refused.
        try await pipeline.succeed("deliver", "--channel", "stdout", "--now", "2026-11-23T09:00")
        try pipeline.folder.write(Self.welcome.replacingOccurrences(of: "\"dayOffset\": 5", with: "\"dayOffset\": -5"), to: "welcome.json")
        let refused = try await pipeline.run("prefetch", "-v", "--now", "2026-11-23T10:00")
        #expect(refused.stderr.contains("source welcome: the schedule was refused; its JSON (all"), "\(refused.stderr)")
        let text = try await pipeline.succeed("tidings", "schedule", "show", "welcome", "--now", "2026-11-23T10:00")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "schedule welcome: version 1.0, 3 entries at 09:00, weekdays only", "\(text)")
        #expect(
            lines.contains {
                $0.hasPrefix("last fetch failed (1 since 2026-11-23 10:00): invalid: invalid schedule: schedules[2].dayOffset: must be ≥ 0")
            })
        #expect(
            lines.contains(
                "2026-11-23 09:00  delivered  app_notification_1      day 1  Welcome to Tidings — tidings pending shows what is still to come.  (Saturday 2026-11-21, moved past the weekend)"
            ), "\(text)")
        #expect(lines.contains("2026-11-25 09:00  pending    app_notification_3      day 5  Welcome to Tidings — A tip a day."), "\(text)")

        // A long document is shown cut, and says so.
        let long = Self.welcome.replacingOccurrences(of: "A tip a day.", with: String(repeating: "Tips. ", count: 40))
            .replacingOccurrences(of: "\"version\": \"1.0\"", with: "\"version\": \"2.0\"")
            .replacingOccurrences(
                of: "{\"id\": 3, \"dayOffset\": 5}", with: (3..<100).map { "{\"id\": \($0), \"dayOffset\": \($0)}" }.joined(separator: ",\n"))
        try pipeline.folder.write(long, to: "welcome.json")
        let cut = try await pipeline.run("prefetch", "-v", "--now", "2026-11-23T11:00")
        #expect(cut.stderr.contains("the schedule changed; its JSON (the first 2000 of \(long.count) characters, cut):"), "\(cut.stderr)")
        #expect(cut.stderr.contains("\n[…cut]\n"))

        let unknown = try await pipeline.run("tidings", "schedule", "show", "nope")
        #expect(unknown.status == 64 && unknown.stderr.contains("no schedule named nope: the schedule sources are welcome"), "\(unknown.stderr)")
    }
}
