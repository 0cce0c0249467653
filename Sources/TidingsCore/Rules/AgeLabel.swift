/// The words that tell how old stale content is: "as of 3h ago", "from 2 days ago".
public enum AgeLabel {
    /// The label for content `ageMillis` old at the moment it is shown.
    public static func text(ageMillis: Int64) -> String {
        let minutes = max(0, ageMillis / 60_000)
        if minutes < 60 { return "as of \(max(1, minutes)) min ago" }
        let hours = minutes / 60
        if hours < 24 { return "as of \(hours)h ago" }
        let days = hours / 24
        return days == 1 ? "from 1 day ago" : "from \(days) days ago"
    }
}
