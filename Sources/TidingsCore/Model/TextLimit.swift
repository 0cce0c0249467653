/// How long a text field may be: in characters, as a person counts them, and in bytes of
/// UTF-8, as a header, a line or a subject carries them. One character can hold many
/// scalars (a letter with its marks, a joined emoji), so a character count alone does not
/// bound what is stored and sent; `TextSanitizer.clean` also cuts floods of marks.
public struct TextLimit: Sendable, Equatable {
    /// Most characters (grapheme clusters).
    public var characters: Int
    /// Most bytes of UTF-8.
    public var bytes: Int

    /// A limit of `characters` and `bytes`.
    public init(characters: Int, bytes: Int) {
        self.characters = characters
        self.bytes = bytes
    }

    /// A notification's title: 80 characters, 512 bytes.
    public static let title = TextLimit(characters: 80, bytes: 512)
    /// A notification's body: 280 characters, 2,048 bytes.
    public static let body = TextLimit(characters: 280, bytes: 2048)

    /// Why `text` does not fit (`longer than 80 characters (93)`, `longer than 512 bytes
    /// (600)`), or nil when it fits.
    public func excess(of text: String) -> String? {
        let size = text.utf8.count
        // No more bytes than characters allowed is no more characters either: nothing to count.
        if size > characters {
            let count = text.count
            if count > characters { return "longer than \(characters) characters (\(count))" }
        }
        if size > bytes { return "longer than \(bytes) bytes (\(size))" }
        return nil
    }

    /// `text` when it fits, else its first whole characters and `…`, within both bounds.
    public func cut(_ text: String) -> String {
        guard excess(of: text) != nil else { return text }
        let ellipsis = "…"
        let room = bytes - ellipsis.utf8.count
        var kept = 0
        var used = 0
        var end = text.startIndex
        for character in text {
            let size = character.utf8.count
            guard kept < characters - 1, used + size <= room else { break }
            kept += 1
            used += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + ellipsis
    }
}
