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

    /// Why the session could not be recorded.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// Records the session variables of `environment` in `session.env` beside the database
    /// at `databasePath` (creating its folder, mode 0700; the file is written whole, mode
    /// 0600) and returns the file's path and text. An earlier record stays when there is
    /// nothing to record or the file cannot be written.
    public static func record(environment: [String: String], databasePath: String) throws(Problem) -> (path: String, text: String) {
        guard let text = render(environment) else {
            throw Problem(
                description: "no desktop session here: DBUS_SESSION_BUS_ADDRESS, DISPLAY and WAYLAND_DISPLAY are all unset; "
                    + "run tidings init from a terminal in your desktop session")
        }
        let file = path(forDatabase: databasePath)
        let folder = (file as NSString).deletingLastPathComponent
        let temporary = file + ".tmp-\(getpid())"
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
                rename(temporary, file) == 0
            else { throw Problem(description: "cannot write \(file): \(String(cString: strerror(errno)))") }
        } catch let problem as Problem {
            unlink(temporary)
            throw problem
        } catch {
            throw Problem(description: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        return (file, text)
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
