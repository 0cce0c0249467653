import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// When the desktop cannot take popups: no notify-send, no bus, no daemon, a daemon that
/// does not answer. Each answer comes with its reason and fix; a deadline miss says so.
@Suite(.serialized) struct DesktopStateTests {
    @Test("A bus without a notification daemon: unavailable at once, with the daemon reason and fix")
    func noDaemon() async throws {
        let session = try DesktopSession(daemon: false)
        let f = try DesktopFixture(session: session)
        // The bus says no one owns the name: that answer, not a deadline miss.
        let state = await f.channel.state()
        guard case .unavailable(let reason, let fix) = state else {
            Issue.record("expected unavailable, got \(state)")
            return
        }
        #expect(reason.hasPrefix("no notification daemon"))
        #expect(fix.contains("dunst"))
        let results = try await f.deliver([DesktopFixture.item("a")])
        #expect(results.map(\.outcome) == [.unavailable(reason)])
    }

    @Test("A daemon that owns the name but never answers: unavailable when the deadline passes")
    func unresponsiveDaemon() async throws {
        let f = try DesktopFixture(deadline: 1_000)
        f.session.suspendDaemon()
        // The deadline fired: the reason says so.
        #expect(
            await f.channel.state()
                == .unavailable(
                    reason: "the notification daemon did not answer within 1 s",
                    fix: "restart the notification daemon (for dunst: systemctl --user restart dunst)"))
    }

    @Test("A daemon that stops answering between the check and the send: the waiter is killed at the deadline")
    func daemonHangsDuringSend() async throws {
        let f = try DesktopFixture(deadline: 1_000)
        // A waiter that writes down its arguments before it starts the real one.
        let calls = f.directory.file("waiter.calls")
        let waiter = try f.directory.write("#!/bin/sh\necho \"$@\" >> '\(calls)'\nexec '\(f.channel.waiterPath)' \"$@\"\n", to: "waiter")
        chmod(waiter, 0o755)
        let channel = DesktopChannel(config: f.channel.config, session: f.channel.session, databasePath: f.database.path, waiterPath: waiter)
        #expect(await channel.state() == .available)
        f.session.suspendDaemon()
        _ = try f.database.applyPlan([DesktopFixture.item("a"), DesktopFixture.item("b")], now: DesktopFixture.planned)
        let results = await channel.send(try f.database.claimDue(at: DesktopFixture.now).messages, now: DesktopFixture.now)
        let reason = "the notification daemon did not answer within 1 s"
        #expect(results.map(\.outcome) == [.unavailable(reason), .unavailable(reason)])
        // The second item is not tried: it would wait just as long.
        #expect(!((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").contains("--id=b"))
        #expect(await waitUntil { Self.processes(mentioning: f.database.path).isEmpty }, "the waiter was killed")
    }

    @Test("A waiter that cannot be started: unavailable, naming it")
    func missingWaiter() async throws {
        let f = try DesktopFixture()
        let channel = DesktopChannel(
            config: f.channel.config, session: f.channel.session, databasePath: f.database.path, waiterPath: "/nonexistent/tidings")
        #expect(await channel.state() == .available)
        let results = await channel.send([DesktopFixture.item("a")].messages, now: DesktopFixture.now)
        #expect(results.map(\.outcome) == [.unavailable("cannot start /nonexistent/tidings: No such file or directory")])
        #expect(try await f.displayed() == 0)
    }

    @Test("No session bus at all: no session (a state of the machine), saying so")
    func noBus() async throws {
        let directory = try TemporaryDirectory()
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path]
        let session = SessionEnvironment(environment: environment, userRuntimeRoot: directory.file("run-user"))
        #expect(session.busAddress == nil)
        let channel = DesktopChannel(
            config: TidingsConfig().desktop, session: session, databasePath: directory.file("db"), waiterPath: "/nonexistent")
        guard case .noSession(let reason, let fix) = await channel.state() else {
            Issue.record("expected no session")
            return
        }
        #expect(reason.hasPrefix("no session bus"))
        #expect(fix.contains("DBUS_SESSION_BUS_ADDRESS"))
        // A send says the same, as its own kind of outcome: deliver counts it as the
        // machine's state and hands the item to the inbox.
        let results = await channel.send([DesktopFixture.item("a")].messages, now: DesktopFixture.now)
        #expect(results.map(\.outcome) == [.noSession(reason)])
    }

    @Test("No session bus and no notify-send (a server): the missing session is the reason, with how to stop trying")
    func server() async throws {
        let directory = try TemporaryDirectory()
        let session = SessionEnvironment(environment: ["PATH": directory.path, "HOME": directory.path], userRuntimeRoot: directory.file("run-user"))
        let channel = DesktopChannel(
            config: TidingsConfig().desktop, session: session, databasePath: directory.file("db"), waiterPath: "/nonexistent")
        guard case .noSession(let reason, let fix) = await channel.state() else {
            Issue.record("expected no session")
            return
        }
        #expect(reason.hasPrefix(DesktopChannel.noSessionReason + ": "))
        #expect(fix.hasSuffix("; on a machine without a desktop, set [channels] desktop = false"))
    }

    @Test("No notify-send on PATH: unavailable with the package to install")
    func noNotifySend() async throws {
        let directory = try TemporaryDirectory()
        let session = SessionEnvironment(environment: ["PATH": directory.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        let channel = DesktopChannel(
            config: TidingsConfig().desktop, session: session, databasePath: directory.file("db"), waiterPath: "/nonexistent")
        #expect(await channel.state() == .unavailable(reason: "notify-send is not installed", fix: "apt install libnotify-bin"))
    }

    @Test("A bus address that leads nowhere: unavailable, naming the bus")
    func deadBus() async throws {
        let directory = try TemporaryDirectory()
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.file("bus"))",
        ]
        let channel = DesktopChannel(
            config: TidingsConfig().desktop, session: SessionEnvironment(environment: environment),
            databasePath: directory.file("db"), waiterPath: "/nonexistent")
        guard case .unavailable(let reason, _) = await channel.state() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.hasPrefix("the session bus at unix:path=\(directory.file("bus")) does not answer"))
    }

    /// Processes whose command line contains `text`.
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }
}
