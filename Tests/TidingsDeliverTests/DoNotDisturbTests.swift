import Testing

@testable import TidingsDeliver

/// Which desktop a daemon belongs to, and how each desktop's do-not-disturb answer reads.
@Suite struct DoNotDisturbTests {
    @Test(
        "The daemon's name decides the desktop; XDG_CURRENT_DESKTOP only for a daemon of another name",
        arguments: [
            ("dunst", nil, DesktopKind.dunst),
            ("mako", nil, .mako),
            ("SwayNotificationCenter", nil, .swaync),
            ("gnome-shell", nil, .gnome),
            ("Plasma", nil, .kde),
            // The daemon wins over the session's name: sway on a GNOME install runs mako.
            ("mako", "GNOME", .mako),
            ("dunst", "KDE", .dunst),
            ("Budgie Notification Server", "ubuntu:GNOME", .gnome),
            ("some-daemon", "KDE", .kde),
        ] as [(String, String?, DesktopKind?)])
    func identify(serverName: String, currentDesktop: String?, expected: DesktopKind?) {
        #expect(DesktopKind.identify(serverName: serverName, currentDesktop: currentDesktop) == expected)
    }

    @Test(
        "A daemon no desktop claims, in a session that names none Tidings reads, is unknown",
        arguments: [
            ("Xfce Notify Daemon", nil), ("notify-osd", "Unity"), ("fnott", "sway"), ("", nil),
        ] as [(String, String?)])
    func unknown(serverName: String, currentDesktop: String?) {
        #expect(DesktopKind.identify(serverName: serverName, currentDesktop: currentDesktop) == nil)
    }

    @Test(
        "Each reader's answer: on, off, or not understood",
        arguments: [
            (DesktopKind.dunst, "true", true), (.dunst, "false", false), (.dunst, "maybe", nil),
            (.mako, "default\ndo-not-disturb", true), (.mako, "do-not-disturb", true), (.mako, "default", false),
            (.mako, "", false), (.mako, "do-not-disturb-later", false),
            (.swaync, "true", true), (.swaync, "false", false), (.swaync, "", nil),
            (.gnome, "false", true), (.gnome, "true", false), (.gnome, "No such schema", nil),
            (.kde, "(<true>,)", true), (.kde, "(<false>,)", false), (.kde, "()", nil),
        ] as [(DesktopKind, String, Bool?)])
    func readings(desktop: DesktopKind, output: String, expected: Bool?) {
        #expect(desktop.isOn(output) == expected)
    }

    @Test("The summary names the desktop and what was read")
    func summaries() {
        #expect(DoNotDisturb(desktop: .mako, serverName: "mako", reading: .on).summary == "desktop: mako, do-not-disturb on")
        #expect(DoNotDisturb(desktop: .kde, serverName: "Plasma", reading: .off).summary == "desktop: KDE Plasma, do-not-disturb off")
        #expect(
            DoNotDisturb(desktop: .swaync, serverName: "SwayNotificationCenter", reading: .unread("swaync-client is not installed")).summary
                == "desktop: SwayNC, do-not-disturb not read (swaync-client is not installed), taken as off")
        #expect(
            DoNotDisturb(desktop: nil, serverName: "Xfce Notify Daemon", reading: .unread("no known setting for this daemon")).summary
                == "desktop: unknown (daemon \"Xfce Notify Daemon\"), do-not-disturb not read (no known setting for this daemon), taken as off")
    }

    @Test("The quiet reason says how it was read and how to turn it off")
    func quietReason() {
        let reason = DoNotDisturb(desktop: .mako, serverName: "mako", reading: .on).quietReason
        #expect(
            reason == "do-not-disturb is on (mako, makoctl mode): no popups until `makoctl mode -r do-not-disturb`; "
                + "desktop items go to the inbox meanwhile")
        #expect(
            DoNotDisturb(desktop: .swaync, serverName: "SwayNotificationCenter", reading: .on).quietReason
                .hasPrefix("do-not-disturb is on (SwayNC, swaync-client --get-dnd)"))
    }

    @Test("Long or odd answers are cut short and kept on one line")
    func shortened() {
        #expect(DesktopChannel.shortened("on\u{1B}[31m") == "on[31m")
        #expect(DesktopChannel.shortened(String(repeating: "x", count: 100)) == String(repeating: "x", count: 80) + "…")
    }
}
