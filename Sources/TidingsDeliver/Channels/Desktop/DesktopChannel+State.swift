import Foundation
import TidingsCore
import TidingsProcess

extension DesktopChannel {
    static let notificationsName = "org.freedesktop.Notifications"
    static let busFix = "set DBUS_SESSION_BUS_ADDRESS in the crontab to what `echo $DBUS_SESSION_BUS_ADDRESS` prints in your desktop session"
    static let daemonFix = "start a notification daemon such as dunst (apt install dunst)"
    /// How the reason starts when no desktop session can be found at all (a machine without
    /// a desktop, or nobody logged in), for people: code reads `ChannelState.noSession`.
    public static let noSessionReason = "no session bus"

    /// Asks the session whether popups can be shown now: notify-send, the bus, the daemon
    /// (what it is and can do), and the desktop's do-not-disturb (see `readDoNotDisturb`).
    /// All calls together take at most `config.deadline`; a miss kills the call and counts as
    /// unavailable, except for do-not-disturb, which then counts as off.
    func probe() async -> Probe {
        // No session bus first: without a desktop session, what else is missing does not matter
        // (a server has no notify-send either), and that is a state of the machine.
        guard let bus = session.busAddress else {
            return Probe(
                state: .noSession(
                    reason:
                        "\(Self.noSessionReason): DBUS_SESSION_BUS_ADDRESS is not set and there is no bus socket in XDG_RUNTIME_DIR or /run/user/\(getuid())",
                    fix: Self.busFix + "; on a machine without a desktop, set [channels] desktop = false"))
        }
        guard session.find("notify-send") != nil else {
            return Probe(state: .unavailable(reason: "notify-send is not installed", fix: "apt install libnotify-bin"))
        }
        guard let gdbus = session.find("gdbus") else {
            return Probe(state: .unavailable(reason: "gdbus is not installed", fix: "apt install libglib2.0-bin"))
        }
        let environment = session.childEnvironment()
        let deadline = ContinuousClock.now + .milliseconds(config.deadline)
        let timedOut = Probe(
            state: .unavailable(
                reason: timeoutReason, fix: "restart the notification daemon (for dunst: systemctl --user restart dunst)"))

        func call(_ program: String, _ arguments: [String]) async -> ProcessOutcome {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            return await BoundedProcess.run(program, arguments, environment: environment, limit: left)
        }
        func callBus(_ method: String, _ arguments: [String] = []) async -> ProcessOutcome {
            await call(
                gdbus,
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.\(method)",
                ] + arguments)
        }
        func callDaemon(_ method: String) async -> ProcessOutcome {
            await call(
                gdbus,
                [
                    "call", "--session", "--dest", Self.notificationsName, "--object-path", "/org/freedesktop/Notifications",
                    "--method", "\(Self.notificationsName).\(method)",
                ])
        }
        func failure(_ outcome: ProcessOutcome, _ what: String, fix: String) -> Probe? {
            switch outcome {
            case .timedOut: return timedOut
            case .failedToStart(let reason): return Probe(state: .unavailable(reason: reason, fix: fix))
            case .finished(let status, _, let error) where status != 0:
                return Probe(state: .unavailable(reason: "\(what): \(Self.firstLine(error) ?? "gdbus exited with status \(status)")", fix: fix))
            case .finished: return nil
            }
        }

        let owner = await callBus("NameHasOwner", [Self.notificationsName])
        if let failed = failure(owner, "the session bus at \(bus) does not answer", fix: Self.busFix) { return failed }
        if GVariantText.boolean(in: owner.successOutput ?? "") != true {
            let activatable = await callBus("ListActivatableNames")
            if let failed = failure(activatable, "the session bus at \(bus) does not answer", fix: Self.busFix) { return failed }
            guard GVariantText.strings(in: activatable.successOutput ?? "").contains(Self.notificationsName) else {
                return Probe(
                    state: .unavailable(
                        reason:
                            "no notification daemon: nothing owns \(Self.notificationsName) on the session bus, and nothing can be started for it",
                        fix: Self.daemonFix))
            }
        }
        let information = await callDaemon("GetServerInformation")
        if let failed = failure(information, "the notification daemon failed", fix: Self.daemonFix) { return failed }
        let capabilities = await callDaemon("GetCapabilities")
        if let failed = failure(capabilities, "the notification daemon failed", fix: Self.daemonFix) { return failed }
        let fields = GVariantText.strings(in: information.successOutput ?? "") + ["", "", "", ""]
        let server = DesktopServer(
            name: fields[0], vendor: fields[1], version: fields[2], specVersion: fields[3],
            capabilities: GVariantText.strings(in: capabilities.successOutput ?? ""))

        // A do-not-disturb that cannot be read is taken as off: the check never blocks delivery.
        let doNotDisturb = await readDoNotDisturb(server: server, gdbus: gdbus, call: call)
        let state: ChannelState = doNotDisturb.isOn ? .quiet(reason: doNotDisturb.quietReason) : .available
        return Probe(state: state, server: server, doNotDisturb: doNotDisturb)
    }

    /// The first non-empty line of `text`, trimmed.
    static func firstLine(_ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
    }
}
