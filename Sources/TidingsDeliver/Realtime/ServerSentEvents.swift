/// The events of a server-sent events stream, assembled line by line as the standard says:
/// `data:` lines are joined with newlines, `id:` names the event, `event:` its type, a blank
/// line ends it; comments (`:`) and `retry:` are skipped.
struct ServerSentEvents: Sendable {
    /// One event.
    struct Event: Sendable, Equatable {
        /// The `id:` line of this event; nil when it had none.
        var id: String?
        /// Its type: `message` when not given.
        var type: String
        /// The `data:` lines, joined with newlines.
        var data: String
    }

    private var id: String?
    private var type: String?
    private var data: [String] = []

    /// Takes one line (without its line end); returns the event a blank line ends.
    mutating func feed(_ raw: String) -> Event? {
        let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
        if line.isEmpty {
            defer { (id, type, data) = (nil, nil, []) }
            guard !data.isEmpty else { return nil }
            return Event(id: id, type: type ?? "message", data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field = line.prefix { $0 != ":" }
        var value = line.dropFirst(field.count).dropFirst()
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch field {
        case "data": data.append(String(value))
        case "id" where !value.contains("\0"): id = String(value)
        case "event": type = String(value)
        default: break
        }
        return nil
    }
}
