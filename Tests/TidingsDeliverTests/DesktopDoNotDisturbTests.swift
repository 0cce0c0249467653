import Foundation
import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsDeliver

/// The channel reads the do-not-disturb of the desktop whose daemon answers: dunst for real,
/// mako, SwayNC, GNOME and KDE Plasma posed by the test session's dunst (a `gdbus` that
/// answers `GetServerInformation` as their daemon) with a fake of each desktop's tool first on
/// PATH. A check that fails never holds popups back.
@Suite(.serialized) struct DesktopDoNotDisturbTests {
    /// A fixture on a new session whose PATH starts with the fakes `prepare` installs, with
    /// `variables` added to its environment.
    func fixture(deadline: Int64 = 10_000, variables: [String: String] = [:], prepare: (FakePrograms) throws -> Void) throws
        -> (DesktopFixture, FakePrograms)
    {
        let session = try DesktopSession()
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try prepare(fakes)
        var environment = session.baseEnvironment.merging(session.environment) { $1 }.merging(variables) { $1 }
        environment["PATH"] = fakes.folder + ":" + (environment["PATH"] ?? SessionEnvironment.defaultPath)
        let fixture = try DesktopFixture(session: session, deadline: deadline, environment: environment)
        fixture.kept.append(folder)
        return (fixture, fakes)
    }

    /// The arguments each desktop's tool is called with.
    static let readerArguments = [
        "makoctl": ["mode"], "swaync-client": ["--get-dnd", "--skip-wait"],
        "gsettings": ["get", "org.gnome.desktop.notifications", "show-banners"],
    ]

    @Test("Do-not-disturb on: the channel is quiet, naming the desktop and how to turn it off", arguments: FakeDesktop.all)
    func on(desktop: FakeDesktop) async throws {
        let (f, fakes) = try fixture { try $0.pose(as: desktop, doNotDisturb: true) }
        guard case .quiet(let reason) = await f.channel.state() else {
            Issue.record("expected quiet for \(desktop)")
            return
        }
        #expect(reason.hasPrefix("do-not-disturb is on (\(desktop.title), "))
        #expect(reason.contains("no popups until"))
        #expect(f.channel.stateNote == "desktop: \(desktop.title), do-not-disturb on")
        if let tool = desktop.tool {
            #expect(fakes.calls(tool) == [try #require(Self.readerArguments[tool])])
        }
    }

    @Test("Do-not-disturb off: available, and the note says which desktop was read", arguments: FakeDesktop.all)
    func off(desktop: FakeDesktop) async throws {
        let (f, _) = try fixture { try $0.pose(as: desktop, doNotDisturb: false) }
        #expect(await f.channel.state() == .available)
        #expect(f.channel.stateNote == "desktop: \(desktop.title), do-not-disturb off")
        // The popup still goes to the real daemon behind the pose.
        let results = try await f.deliver([DesktopFixture.item("a")])
        #expect(results.map(\.outcome) == [.delivered])
    }

    @Test("The real dunst: paused is quiet, running is available, and the note says which")
    func dunst() async throws {
        let (f, _) = try fixture { _ in }
        #expect(await f.channel.state() == .available)
        #expect(f.channel.stateNote == "desktop: dunst, do-not-disturb off")
        _ = try await f.session.dunstctl(["set-paused", "true"])
        #expect(
            await f.channel.state()
                == .quiet(
                    reason:
                        "do-not-disturb is on (dunst, dunstctl is-paused): no popups until `dunstctl set-paused false`; desktop items go to the inbox meanwhile"
                ))
        #expect(f.channel.stateNote == "desktop: dunst, do-not-disturb on")
    }

    @Test("A reader that fails: available, and the note says why", arguments: [FakeDesktop.mako, .swaync, .gnome])
    func failingTool(desktop: FakeDesktop) async throws {
        let tool = try #require(desktop.tool)
        let (f, _) = try fixture { fakes in
            try fakes.installNotificationServer(name: desktop.serverName, vendor: desktop.vendor)
            try fakes.install(tool, status: 1, error: "cannot connect\nmore\n")
        }
        #expect(await f.channel.state() == .available)
        #expect(
            f.channel.stateNote
                == "desktop: \(desktop.title), do-not-disturb not read (\(tool) exited with status 1: cannot connect), taken as off")
    }

    @Test("Plasma's property that the daemon does not have: available, with gdbus's error")
    func missingProperty() async throws {
        // The real dunst behind the pose has no Inhibited property.
        let (f, _) = try fixture { try $0.installNotificationServer(name: "Plasma", vendor: "KDE") }
        #expect(await f.channel.state() == .available)
        let note = try #require(f.channel.stateNote)
        #expect(note.hasPrefix("desktop: KDE Plasma, do-not-disturb not read (gdbus exited with status 1: "))
        #expect(note.hasSuffix("), taken as off"))
    }

    @Test("A reader that prints something else: available, quoting it")
    func oddAnswer() async throws {
        let (f, _) = try fixture { fakes in
            try fakes.installNotificationServer(name: "SwayNotificationCenter", vendor: "ErikReider")
            try fakes.install("swaync-client", output: "Could not connect to CC service. Will wait for connection...\n")
        }
        #expect(await f.channel.state() == .available)
        #expect(
            f.channel.stateNote == "desktop: SwayNC, do-not-disturb not read "
                + "(swaync-client printed \"Could not connect to CC service. Will wait for connection...\"), taken as off")
    }

    @Test("A reader that hangs is killed at the deadline: available, and the note says so", arguments: ["dunstctl", "makoctl"])
    func hangingTool(tool: String) async throws {
        let (f, fakes) = try fixture(deadline: 1_000) { fakes in
            if tool == "makoctl" { try fakes.installNotificationServer(name: "mako", vendor: "emersion") }
            try fakes.installHanging(tool)
        }
        #expect(await f.channel.state() == .available)
        let desktop = tool == "dunstctl" ? "dunst" : "mako"
        #expect(f.channel.stateNote == "desktop: \(desktop), do-not-disturb not read (\(tool) did not answer within 1 s), taken as off")
        #expect(fakes.calls(tool).count == 1)
        #expect(await waitUntil { !fakes.isRunning(tool) }, "the reader was killed")
    }

    @Test("A reader that is not installed: available, naming it")
    func missingTool() async throws {
        let (f, _) = try fixture { try $0.installNotificationServer(name: "mako", vendor: "emersion") }
        try #require(f.channel.session.find("makoctl") == nil)
        #expect(await f.channel.state() == .available)
        #expect(f.channel.stateNote == "desktop: mako, do-not-disturb not read (makoctl is not installed), taken as off")
    }

    @Test("A daemon Tidings knows no setting of: available, naming the daemon")
    func unknownDaemon() async throws {
        let (f, _) = try fixture { try $0.installNotificationServer(name: "Xfce Notify Daemon", vendor: "Xfce") }
        #expect(await f.channel.state() == .available)
        #expect(
            f.channel.stateNote
                == "desktop: unknown (daemon \"Xfce Notify Daemon\"), do-not-disturb not read (no known setting for this daemon), taken as off")
    }

    @Test("A daemon of another name in a session whose XDG_CURRENT_DESKTOP is GNOME: GNOME's setting is read")
    func currentDesktop() async throws {
        let (f, fakes) = try fixture(variables: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) { fakes in
            try fakes.installNotificationServer(name: "gnome-flashback", vendor: "GNOME")
            try fakes.install("gsettings", output: "false\n")
        }
        guard case .quiet = await f.channel.state() else {
            Issue.record("expected quiet")
            return
        }
        #expect(f.channel.stateNote == "desktop: GNOME, do-not-disturb on")
        #expect(fakes.calls("gsettings") == [["get", "org.gnome.desktop.notifications", "show-banners"]])
    }
}
