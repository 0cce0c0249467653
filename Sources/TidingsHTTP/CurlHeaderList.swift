import CCurl

/// Owns a `curl_slist` of request header lines; freed in `deinit`.
final class CurlHeaderList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init() {}

    deinit {
        tidings_curl_slist_free_all(head)
    }

    /// Appends one header, written so libcurl sends it as given.
    func append(name: String, value: String) throws(HTTPError) {
        let name = Self.singleLine(name).trimmingSpaces()
        let value = Self.singleLine(value).trimmingSpaces()
        // libcurl drops a header written "Name:" with nothing after it; "Name;" is its syntax
        // for sending that header with an empty value.
        let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
        try appendLine(line)
    }

    /// Appends a raw line such as "Expect:", which tells libcurl to suppress a header it adds itself.
    func appendLine(_ line: String) throws(HTTPError) {
        // curl_slist_append copies the string and returns nil only when out of memory.
        guard let grown = tidings_curl_slist_append(head, line) else {
            throw HTTPError(kind: .network, message: "out of memory building request headers")
        }
        head = grown
    }

    /// The text with CR and LF replaced by spaces, so a value cannot inject extra header lines.
    private static func singleLine(_ text: String) -> String {
        // Most values hold neither; looking at the bytes first spares rebuilding them.
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}

extension String {
    func trimmingSpaces() -> String {
        // Most text has no space at either end; the bytes say so without walking characters.
        if let first = utf8.first, let last = utf8.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return self
        }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
