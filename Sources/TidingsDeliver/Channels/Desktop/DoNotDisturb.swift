/// The desktops whose do-not-disturb `deliver` reads, each with the program that reads it.
public enum DesktopKind: String, Sendable, CaseIterable {
    case dunst, mako, swaync, gnome, kde

    /// `dunst`, `mako`, `SwayNC`, `GNOME` or `KDE Plasma`.
    public var title: String {
        switch self {
        case .dunst: "dunst"
        case .mako: "mako"
        case .swaync: "SwayNC"
        case .gnome: "GNOME"
        case .kde: "KDE Plasma"
        }
    }

    /// The desktop whose notification daemon answered as `serverName` (`GetServerInformation`);
    /// for a daemon of another name, the one `currentDesktop` (`XDG_CURRENT_DESKTOP`, such as
    /// `ubuntu:GNOME`) names when it is GNOME or KDE; nil when neither says.
    ///
    /// The daemon comes first: it is what shows the popups, while the variable is missing
    /// under cron and names the session, not the daemon (sway runs mako or SwayNC alike).
    static func identify(serverName: String, currentDesktop: String?) -> DesktopKind? {
        switch serverName.lowercased() {
        case "dunst": return .dunst
        case "mako": return .mako
        case "swaynotificationcenter", "swaync": return .swaync
        case "gnome-shell": return .gnome
        case "plasma": return .kde
        default: break
        }
        let names = (currentDesktop ?? "").split(separator: ":").map { $0.uppercased() }
        if names.contains("GNOME") { return .gnome }
        if names.contains("KDE") { return .kde }
        return nil
    }

    /// The program that reads the setting and its arguments. Plasma's is the daemon's own
    /// `Inhibited` property, read with gdbus like the daemon's other answers.
    var reader: (program: String, arguments: [String]) {
        switch self {
        case .dunst: ("dunstctl", ["is-paused"])
        case .mako: ("makoctl", ["mode"])
        // --skip-wait: without it, swaync-client waits for a daemon that is not there yet.
        case .swaync: ("swaync-client", ["--get-dnd", "--skip-wait"])
        case .gnome: ("gsettings", ["get", "org.gnome.desktop.notifications", "show-banners"])
        case .kde:
            (
                "gdbus",
                [
                    "call", "--session", "--dest", DesktopChannel.notificationsName, "--object-path", "/org/freedesktop/Notifications",
                    "--method", "org.freedesktop.DBus.Properties.Get", DesktopChannel.notificationsName, "Inhibited",
                ]
            )
        }
    }

    /// The reader's command line as a person would type it.
    var readerCommand: String {
        switch self {
        case .kde: "the Inhibited property of \(DesktopChannel.notificationsName)"
        default: ([reader.program] + reader.arguments.filter { $0 != "--skip-wait" }).joined(separator: " ")
        }
    }

    /// Whether `output` (the reader's, trimmed) says do-not-disturb is on; nil when it says
    /// neither.
    func isOn(_ output: String) -> Bool? {
        switch self {
        case .dunst, .swaync:
            switch output {
            case "true": true
            case "false": false
            default: nil
            }
        // mako lists its active modes, one a line (older versions: the one mode).
        case .mako: output.split(whereSeparator: \.isWhitespace).contains("do-not-disturb")
        // Banners off is GNOME's do-not-disturb.
        case .gnome:
            switch output {
            case "false": true
            case "true": false
            default: nil
            }
        case .kde: GVariantText.boolean(in: output)
        }
    }

    /// How to turn it off again.
    var turnOff: String {
        switch self {
        case .dunst: "`dunstctl set-paused false`"
        case .mako: "`makoctl mode -r do-not-disturb`"
        case .swaync: "`swaync-client --dnd-off`"
        case .gnome: "it is turned off in the notification list (or `gsettings set org.gnome.desktop.notifications show-banners true`)"
        case .kde: "it is turned off in the notifications applet"
        }
    }
}

/// What the desktop's do-not-disturb was read as, for the channel's state, `tidings doctor`
/// and `deliver --verbose`.
public struct DoNotDisturb: Sendable, Equatable {
    /// What the reading gave.
    public enum Reading: Sendable, Equatable {
        /// Do-not-disturb is on: no popups.
        case on
        /// It is off.
        case off
        /// It could not be read (why); taken as off, so that a broken check never holds
        /// popups back.
        case unread(String)
    }

    /// The desktop read; nil for a daemon whose setting Tidings does not know.
    public var desktop: DesktopKind?
    /// The daemon's name, as it gave it.
    public var serverName: String
    /// What was read.
    public var reading: Reading

    /// A reading of `desktop` (nil: unknown) for the daemon named `serverName`.
    public init(desktop: DesktopKind?, serverName: String, reading: Reading) {
        self.desktop = desktop
        self.serverName = serverName
        self.reading = reading
    }

    /// Whether popups are held back.
    public var isOn: Bool { reading == .on }

    /// `desktop: mako, do-not-disturb on`; `desktop: mako, do-not-disturb not read (makoctl
    /// did not answer within 3 s), taken as off`; `desktop: unknown (daemon "…"), …`.
    public var summary: String {
        let name = desktop?.title ?? "unknown (daemon \"\(serverName)\")"
        return switch reading {
        case .on: "desktop: \(name), do-not-disturb on"
        case .off: "desktop: \(name), do-not-disturb off"
        case .unread(let why): "desktop: \(name), do-not-disturb not read (\(why)), taken as off"
        }
    }

    /// The reason of the quiet state: `do-not-disturb is on (mako): no popups until …`.
    var quietReason: String {
        guard let desktop else { return "do-not-disturb is on" }
        return "do-not-disturb is on (\(desktop.title), \(desktop.readerCommand)): no popups until \(desktop.turnOff); "
            + "desktop items go to the inbox meanwhile"
    }
}
