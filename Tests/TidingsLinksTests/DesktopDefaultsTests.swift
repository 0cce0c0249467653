import Foundation
import Testing
import TidingsProcess
import TidingsTestSupport

@testable import TidingsLinks

/// The default application of a URL scheme read from the desktop's files: each source in
/// its turn, and the same answers as the real `xdg-mime query default` for the same files.
@Suite struct DesktopDefaultsTests {
    /// A desktop in a temporary folder: XDG config and data folders of its own.
    struct Desktop {
        let directory: TemporaryDirectory
        var environment: [String: String]

        init(desktop: String = "X-Generic") throws {
            directory = try TemporaryDirectory()
            environment = [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"), "XDG_CONFIG_DIRS": directory.file("etc"),
                "XDG_DATA_HOME": directory.file("data"), "XDG_DATA_DIRS": directory.file("share"), "XDG_CURRENT_DESKTOP": desktop,
                "PATH": "/usr/local/bin:/usr/bin:/bin",
            ]
        }

        func write(_ text: String, to name: String) throws { try directory.write(text, to: name) }

        /// An application `name` whose program is `exec`.
        func app(_ name: String, exec: String = "/bin/true %u", in folder: String = "data/applications", extra: String = "") throws {
            try write("[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\n\(extra)", to: "\(folder)/\(name)")
        }

        func answer(_ scheme: String) -> String? {
            DesktopDefaults(environment: environment).application(for: "x-scheme-handler/" + scheme)
        }

        /// What `xdg-mime query default` prints for the same files ("" for nothing).
        func xdgMime(_ scheme: String) throws -> String {
            let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let output = BoundedProcess(environment: ProcessInfo.processInfo.environment, limit: .seconds(30)).outputBlocking(
                ["/usr/bin/env", "-i"] + variables + ["/usr/bin/xdg-mime", "query", "default", "x-scheme-handler/" + scheme])
            return try #require(output)
        }
    }

    @Test("mimeapps.list: the first default listed, when its program is installed; other sections do not count")
    func mimeappsList() throws {
        let desktop = try Desktop()
        try desktop.write(
            """
            [Added Associations]
            x-scheme-handler/msteams=teams.desktop;
            [Default Applications]
            x-scheme-handler/zoommtg=zoom.desktop;other.desktop;
            x-scheme-handler/slack=missing-program.desktop
            """, to: "config/mimeapps.list")
        try desktop.app("zoom.desktop")
        try desktop.app("teams.desktop")
        try desktop.app("missing-program.desktop", exec: "tidings-no-such-program %u")
        #expect(desktop.answer("zoommtg") == "zoom.desktop")
        #expect(desktop.answer("msteams") == nil)
        #expect(desktop.answer("slack") == nil)
        #expect(desktop.answer("jitsi-meet") == nil)
    }

    @Test("the desktop's own list comes first, and a vendor-app.desktop is found as vendor/app.desktop")
    func desktopList() throws {
        let desktop = try Desktop(desktop: "GNOME")
        try desktop.write("[Default Applications]\nx-scheme-handler/zoommtg=plain.desktop\n", to: "config/mimeapps.list")
        try desktop.write("[Default Applications]\nx-scheme-handler/zoommtg=acme-zoom.desktop\n", to: "config/gnome-mimeapps.list")
        try desktop.app("plain.desktop")
        try desktop.app("zoom.desktop", in: "share/applications/acme")
        #expect(desktop.answer("zoommtg") == "acme-zoom.desktop")
    }

    @Test("defaults.list and mimeinfo.cache in the data folders, then any .desktop file that names the type")
    func cachesAndFiles() throws {
        let desktop = try Desktop()
        try desktop.write("[MIME Cache]\nx-scheme-handler/msteams=teams-for-linux.desktop;\n", to: "share/applications/mimeinfo.cache")
        try desktop.app("low.desktop", in: "share/applications/sub", extra: "MimeType=x-scheme-handler/jitsi-meet;\n")
        try desktop.app("high.desktop", extra: "MimeType=text/plain;x-scheme-handler/jitsi-meet;\nInitialPreference=5\n")
        #expect(desktop.answer("msteams") == "teams-for-linux.desktop")
        #expect(desktop.answer("jitsi-meet") == "high.desktop")
        #expect(desktop.answer("zoommtg") == nil)
    }

    @Test("the same answers as xdg-mime for the same files")
    func sameAsXDGMime() throws {
        let desktop = try Desktop()
        try desktop.write(
            "[Default Applications]\nx-scheme-handler/zoommtg=zoom.desktop\nx-scheme-handler/slack=gone.desktop\n"
                + "x-scheme-handler/zoomus=org-acme-zoom.desktop\n",
            to: "config/mimeapps.list")
        // xdg-mime looks for a-b-c.desktop as a-b/b-c.desktop: the vendor up to the last dash.
        try desktop.app("acme-zoom.desktop", in: "share/applications/org-acme")
        try desktop.write("[Default Applications]\nx-scheme-handler/webex=webex.desktop\n", to: "etc/mimeapps.list")
        try desktop.app("zoom.desktop")
        try desktop.app("webex.desktop", in: "share/applications")
        try desktop.app("gone.desktop", exec: "tidings-no-such-program")
        try desktop.write("[Default Applications]\nx-scheme-handler/slack=slack.desktop\n", to: "data/applications/mimeapps.list")
        try desktop.app("slack.desktop", exec: "/bin/sh -c true")
        try desktop.write("[MIME Cache]\nx-scheme-handler/msteams=teams.desktop;\n", to: "share/applications/mimeinfo.cache")
        try desktop.app("jitsi.desktop", in: "data/applications/vendor", extra: "MimeType=x-scheme-handler/jitsi-meet;\n")
        #expect(desktop.answer("zoomus") == "org-acme-zoom.desktop")
        #expect(desktop.answer("slack") == "slack.desktop")
        for scheme in ["zoommtg", "zoomus", "webex", "slack", "msteams", "jitsi-meet", "discord", "facetime"] {
            #expect(try desktop.answer(scheme) ?? "" == desktop.xdgMime(scheme), "x-scheme-handler/\(scheme)")
        }
    }

    @Test("xdg-mime is asked only on KDE")
    func kde() {
        #expect(SchemeHandlers.asksXDGMime(["XDG_CURRENT_DESKTOP": "KDE"]))
        #expect(SchemeHandlers.asksXDGMime(["KDE_FULL_SESSION": "true"]))
        #expect(!SchemeHandlers.asksXDGMime(["XDG_CURRENT_DESKTOP": "GNOME", "KDE_FULL_SESSION": "true"]))
        #expect(!SchemeHandlers.asksXDGMime(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]))
        #expect(!SchemeHandlers.asksXDGMime([:]))
    }
}
