import Foundation

/// The desktop session's variables as `tidings init` recorded them from inside the session,
/// for `deliver` runs that cron starts without them and that cannot find the session on the
/// standard paths (abstract D-Bus sockets, sessions without systemd).
///
/// The file is `session.env` beside the database: one `NAME=value` line per variable, only
/// the four names below, at most 4 KiB; anything else in it is ignored.
public enum RecordedSession {
    /// The variables recorded.
    public static let names = ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY"]
    /// The largest file read.
    static let maxBytes = 4096

    /// `session.env` in the folder of the database at `databasePath`.
    public static func path(forDatabase databasePath: String) -> String {
        (databasePath as NSString).deletingLastPathComponent.isEmpty
            ? "session.env" : (databasePath as NSString).deletingLastPathComponent + "/session.env"
    }

    /// The recorded variables (empty when there is no readable file).
    public static func read(_ path: String) -> [String: String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [:] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes), let text = String(data: data, encoding: .utf8) else { return [:] }
        return parse(text)
    }

    /// The known `NAME=value` lines of `text`; a value with control characters is refused.
    public static func parse(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = String(line[..<equals])
            let value = String(line[line.index(after: equals)...])
            guard names.contains(name), !value.isEmpty,
                  !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { continue }
            found[name] = value
        }
        return found
    }

    /// The session variables of `environment` that are set, in the file's format; nil when
    /// none is (the caller is not inside a desktop session).
    public static func render(_ environment: [String: String]) -> String? {
        let lines = names.compactMap { name in
            environment[name].flatMap { value in
                value.isEmpty || value.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : "\(name)=\(value)"
            }
        }
        guard lines.contains(where: { $0.hasPrefix("DBUS_SESSION_BUS_ADDRESS=") || $0.hasPrefix("DISPLAY=") || $0.hasPrefix("WAYLAND_DISPLAY=") })
        else { return nil }
        return lines.joined(separator: "\n") + "\n"
    }
}
