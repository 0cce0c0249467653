/// Calendar user addresses (ORGANIZER, ATTENDEE, `meetings.me`) in one comparable form.
public enum CalendarAddress {
    /// `" MAILTO:Alice@Example.ORG"` → `"alice@example.org"`; nil when nothing is left.
    /// Addresses compare case-insensitively, with or without the `mailto:` prefix.
    public static func normalized(_ text: String) -> String? {
        var value = Substring(text).trimmingSpaces
        if value.lowercased().hasPrefix("mailto:") { value = value.dropFirst("mailto:".count).trimmingSpaces }
        return value.isEmpty ? nil : value.lowercased()
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
