/// The last step of the fallback chain: short lines that need nothing fetched, rotated by date.
public enum EmergencyMessages {
    /// The lines used when the config gives none.
    public static let builtIn = [
        "Take a breath: new updates will arrive once your sources are reachable again.",
        "No fresh news right now. A good moment to plan the day's first task.",
        "Your updates are on their way. Until then: drink a glass of water.",
        "Nothing new could be fetched. Tidings will catch up on the next run.",
        "Offline for now. Check the one thing that matters most today.",
    ]

    /// The line for `date`: each day the next one, so a long outage does not repeat itself daily.
    public static func line(for date: LocalDate, from lines: [String]) -> String {
        let pool = lines.isEmpty ? builtIn : lines
        let index = date.dayNumber % pool.count
        return pool[index < 0 ? index + pool.count : index]
    }
}
