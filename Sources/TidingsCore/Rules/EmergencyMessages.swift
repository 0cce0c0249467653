/// The last step of the fallback chain: short lines that need nothing fetched, rotated by date.
public enum EmergencyMessages {
    /// The lines used when the config gives none: the specification's (its Appendix A), in
    /// English; `Phrases` holds their translations.
    public static let builtIn = [
        "🌅 Good morning! Ready to make today amazing?",
        "💪 Every small step forward counts. You've got this!",
        "🎯 Focus on what you can control today.",
        "✨ Your potential is limitless. Keep growing!",
        "🌟 Progress over perfection, always.",
    ]

    /// The line for `date`: each day the next one, so a long outage does not repeat itself daily.
    public static func line(for date: LocalDate, from lines: [String]) -> String {
        let pool = lines.isEmpty ? builtIn : lines
        let index = date.dayNumber % pool.count
        return pool[index < 0 ? index + pool.count : index]
    }
}
