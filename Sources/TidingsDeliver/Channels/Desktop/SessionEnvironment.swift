import Foundation
import TidingsProcess

/// The desktop session variables a cron job lacks (the session bus, the display, the runtime
/// folder), found from the variables it has and the sockets the session leaves behind.
public struct SessionEnvironment: Sendable, Equatable {
    /// `DBUS_SESSION_BUS_ADDRESS`; nil when no session bus can be found.
    public var busAddress: String?
    /// `DISPLAY`, such as `:0`.
    public var display: String?
    /// `WAYLAND_DISPLAY`, such as `wayland-0`.
    public var waylandDisplay: String?
    /// `XAUTHORITY`.
    public var xauthority: String?
    /// `XDG_RUNTIME_DIR`.
    public var runtimeDirectory: String?
    /// `XDG_CURRENT_DESKTOP`, such as `ubuntu:GNOME` (unset under cron); only read, never
    /// passed on.
    public var currentDesktop: String?
    /// The variables spawned programs keep from the given environment (PATH, HOME, LANG, …).
    public var kept: [String: String]

    /// The variables kept for spawned programs besides the session ones.
    /// The libpq variables among them say where a store on PostgreSQL is, for the desktop
    /// waiter that records a click there; never `PGPASSWORD`, which no child gets.
    public static let keptNames = [
        "PATH", "HOME", "LANG", "LC_ALL", "LC_MESSAGES", "USER", "LOGNAME", "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER",
        "PGPASSFILE", "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGSSLROOTCERT", "PGSSLCERT", "PGSSLKEY", "PGSSLCRL", "PGCONNECT_TIMEOUT",
        "PGSYSCONFDIR", "PGTARGETSESSIONATTRS",
    ]
    /// The search path spawned programs get when the environment has none.
    public static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// Finds the session from `environment`. The bus is `DBUS_SESSION_BUS_ADDRESS`, else the
    /// `bus` socket in `XDG_RUNTIME_DIR` or in `<userRuntimeRoot>/<uid>`, else the address
    /// `tidings init` recorded; the display is `DISPLAY`, else the lowest X socket in
    /// `x11SocketFolder`, else the recorded one; `WAYLAND_DISPLAY` and `XAUTHORITY` come
    /// from the environment, else from the record; the runtime folder is `XDG_RUNTIME_DIR`,
    /// else `<userRuntimeRoot>/<uid>` when it exists; the desktop is `XDG_CURRENT_DESKTOP`.
    public init(
        environment: [String: String], uid: UInt32 = getuid(),
        userRuntimeRoot: String = "/run/user", x11SocketFolder: String = "/tmp/.X11-unix",
        recorded: [String: String] = [:]
    ) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let userFolder = "\(userRuntimeRoot)/\(uid)"
        runtimeDirectory = value("XDG_RUNTIME_DIR") ?? (Self.isDirectory(userFolder) ? userFolder : nil)
        if let address = value("DBUS_SESSION_BUS_ADDRESS") {
            busAddress = address
        } else {
            let sockets = [value("XDG_RUNTIME_DIR"), userFolder].compactMap { $0.map { $0 + "/bus" } }
            busAddress = sockets.first(where: Self.isSocket).map { "unix:path=\($0)" } ?? recorded["DBUS_SESSION_BUS_ADDRESS"]
        }
        display = value("DISPLAY") ?? Self.lowestDisplay(in: x11SocketFolder) ?? recorded["DISPLAY"]
        waylandDisplay = value("WAYLAND_DISPLAY") ?? recorded["WAYLAND_DISPLAY"]
        xauthority = value("XAUTHORITY") ?? recorded["XAUTHORITY"]
        currentDesktop = value("XDG_CURRENT_DESKTOP")
        kept = environment.filter { Self.keptNames.contains($0.key) }
    }

    /// The session of this process's environment.
    public static func current() -> SessionEnvironment {
        SessionEnvironment(environment: ProcessInfo.processInfo.environment)
    }

    /// The environment for programs spawned into the session: the session variables found,
    /// and PATH, HOME and the locale kept.
    public func childEnvironment() -> [String: String] {
        var variables = kept
        if variables["PATH"]?.isEmpty ?? true { variables["PATH"] = Self.defaultPath }
        let session: [(String, String?)] = [
            ("DBUS_SESSION_BUS_ADDRESS", busAddress), ("DISPLAY", display), ("WAYLAND_DISPLAY", waylandDisplay),
            ("XAUTHORITY", xauthority), ("XDG_RUNTIME_DIR", runtimeDirectory),
        ]
        for case (let name, let value?) in session { variables[name] = value }
        return variables
    }

    /// The search path of `childEnvironment()`.
    public var searchPath: String { childEnvironment()["PATH"] ?? Self.defaultPath }

    /// The full path of `program` on `searchPath`, or nil when it is not there.
    public func find(_ program: String) -> String? {
        SearchPath.find(program, path: searchPath)
    }

    static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `:<n>` for the lowest `X<n>` socket in `folder`, the display a session most likely owns.
    static func lowestDisplay(in folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let numbers = names.compactMap { name -> Int? in
            let digits = name.dropFirst()
            guard name.hasPrefix("X"), !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                isSocket("\(folder)/\(name)")
            else { return nil }
            return Int(digits)
        }
        return numbers.min().map { ":\($0)" }
    }
}
