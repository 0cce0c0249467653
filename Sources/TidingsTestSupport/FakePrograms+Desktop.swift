import Foundation
import TidingsProcess

/// A desktop that a test session (dunst on Xvfb) poses as: what its notification daemon calls
/// itself, and the tool that reads its do-not-disturb with what that prints for on and off.
public struct FakeDesktop: Sendable, CustomStringConvertible {
    /// The name the daemon gives (`GetServerInformation`).
    public var serverName: String
    /// Its vendor.
    public var vendor: String
    /// How `tidings doctor` names the desktop.
    public var title: String
    /// The tool that reads do-not-disturb; nil for Plasma, whose daemon answers itself.
    public var tool: String?
    /// What the tool prints while do-not-disturb is on, and while it is off.
    public var on: String
    public var off: String

    public var description: String { title }

    /// mako: `makoctl mode` lists the active modes.
    public static let mako = FakeDesktop(
        serverName: "mako", vendor: "emersion", title: "mako", tool: "makoctl", on: "default\ndo-not-disturb\n", off: "default\n")
    /// SwayNC: `swaync-client --get-dnd` prints true or false, without a newline.
    public static let swaync = FakeDesktop(
        serverName: "SwayNotificationCenter", vendor: "ErikReider", title: "SwayNC", tool: "swaync-client", on: "true", off: "false")
    /// GNOME: banners off is do-not-disturb.
    public static let gnome = FakeDesktop(
        serverName: "gnome-shell", vendor: "GNOME", title: "GNOME", tool: "gsettings", on: "false\n", off: "true\n")
    /// KDE Plasma: the daemon's `Inhibited` property.
    public static let kde = FakeDesktop(
        serverName: "Plasma", vendor: "KDE", title: "KDE Plasma", tool: nil, on: "(<true>,)\n", off: "(<false>,)\n")
    /// Every desktop besides dunst, which the tests run for real.
    public static let all = [mako, swaync, gnome, kde]
}

extension FakePrograms {
    /// Makes the session's daemon pose as `desktop` with do-not-disturb `on`: a `gdbus` that
    /// answers `GetServerInformation` (and `Inhibited`) as that desktop's daemon and hands
    /// every other call to the real gdbus, and the desktop's tool printing what it prints.
    public func pose(as desktop: FakeDesktop, doNotDisturb on: Bool) throws {
        try installNotificationServer(name: desktop.serverName, vendor: desktop.vendor, inhibited: desktop.tool == nil ? on : nil)
        if let tool = desktop.tool { try install(tool, output: on ? desktop.on : desktop.off) }
    }

    /// Installs a `gdbus` whose notification daemon calls itself `name` (made by `vendor`)
    /// and, when `inhibited` is given, answers its `Inhibited` property with it, as Plasma
    /// does; every other call goes to the real gdbus.
    public func installNotificationServer(name: String, vendor: String, inhibited: Bool? = nil) throws {
        let real = SearchPath.find("gdbus", path: "/usr/local/bin:/usr/bin:/bin") ?? "/usr/bin/gdbus"
        var script = """
            #!/bin/sh
            case "$*" in
            *org.freedesktop.Notifications.GetServerInformation*) echo "('\(name)', '\(vendor)', '1.0', '1.2')"; exit 0 ;;

            """
        if let inhibited {
            script += "*org.freedesktop.DBus.Properties.Get*Inhibited*) echo '(<\(inhibited)>,)'; exit 0 ;;\n"
        }
        script += "esac\nexec '\(real)' \"$@\"\n"
        try write(script, as: "gdbus")
    }

    /// Installs `name` that records its call and its process id, then sleeps for a minute: a
    /// tool that hangs.
    public func installHanging(_ name: String) throws {
        let calls = folder + "/" + name + ".calls"
        try write(
            "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done >> '\(calls)'\necho >> '\(calls)'\n"
                + "echo $$ > '\(folder)/\(name).pid'\nexec sleep 60\n", as: name)
    }

    /// Whether the last `installHanging` program started still runs.
    public func isRunning(_ name: String) -> Bool {
        guard let text = try? String(contentsOfFile: folder + "/" + name + ".pid", encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return false }
        return TidingsTestSupport.isRunning(pid)
    }

    private func write(_ script: String, as name: String) throws {
        let path = folder + "/" + name
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }
}
