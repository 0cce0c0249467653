/// What prefetch and doctor say about a calendar's events, in the same words.
public enum CalendarNote {
    /// `2 events without a UID, each given an id from its start, summary and position`.
    public static func withoutUID(_ count: Int) -> String {
        "\(count) event\(count == 1 ? "" : "s") without a UID, each given an id from its start, summary and position"
    }
}
