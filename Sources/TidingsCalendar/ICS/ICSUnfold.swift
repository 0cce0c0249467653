/// Unfolding on bytes, before the text is checked as UTF-8.
///
/// RFC 5545 §3.1 folds long lines after 75 octets, not characters, "so a multi-octet UTF-8
/// character may be split": unfolding restores it. A fold inside a character leaves two halves that
/// are not UTF-8 on their own, so the folds are joined on bytes first.
enum ICSUnfold {
    /// `bytes` with every fold whose continuation starts with a UTF-8 continuation byte
    /// (10xxxxxx, which can never start a character, so the fold split one) removed; nil when there
    /// is none, the common case, so that nothing is copied.
    ///
    /// Other folds stay: libical unfolds them, and the lines keep their numbers for the messages.
    static func joiningSplitCharacters(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8]?
        var copied = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { break }
            let next = newline + 1
            if next + 1 < count, bytes[next] == 0x20 || bytes[next] == 0x09, bytes[next + 1] & 0xC0 == 0x80 {
                // The fold is CRLF (or a bare LF) and one space or tab: drop them.
                let foldStart = newline > 0 && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                if result == nil {
                    result = []
                    result?.reserveCapacity(count)
                }
                result?.append(contentsOf: bytes[copied..<foldStart])
                copied = next + 1
            }
            index = next
        }
        guard var joined = result else { return nil }
        joined.append(contentsOf: bytes[copied...])
        return joined
    }

    /// The text of `bytes` once split characters are joined, or the error naming the first byte that
    /// is still not UTF-8.
    static func text(_ bytes: [UInt8]) throws(CalendarError) -> String {
        let joined = joiningSplitCharacters(bytes) ?? bytes
        guard let text = String(validating: joined, as: UTF8.self) else { throw ICSPrescan.utf8Error(joined) }
        return text
    }
}
