/// Text the user types for a notification (`tidings pending update --title`), held to the
/// same rules as fetched content: cleaned like it, a title not empty, both within the limits.
public enum UserText {
    /// A title or body that cannot be used: which one, and why.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// `title` or `body`.
        public var field: String
        /// Why, e.g. `longer than 80 characters (93)`.
        public var message: String

        /// `--title: longer than 80 characters (93)`.
        public var description: String { "--\(field): \(message)" }
    }

    /// `text` cleaned for use as a title, or the problem with it.
    public static func title(_ text: String) throws(Problem) -> String {
        let title = TextSanitizer.clean(text)
        if title.isEmpty { throw Problem(field: "title", message: "empty") }
        return try within(title, field: "title", limit: .title)
    }

    /// `text` cleaned for use as a body (it may be empty), or the problem with it.
    public static func body(_ text: String) throws(Problem) -> String {
        try within(TextSanitizer.clean(text), field: "body", limit: .body)
    }

    private static func within(_ text: String, field: String, limit: TextLimit) throws(Problem) -> String {
        if let excess = limit.excess(of: text) { throw Problem(field: field, message: excess) }
        return text
    }
}
