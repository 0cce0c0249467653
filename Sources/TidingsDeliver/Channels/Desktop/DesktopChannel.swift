import Foundation
import Synchronization
import TidingsCore

/// Shows notifications as desktop popups through notify-send and the session's notification
/// daemon. A detached waiter per popup learns what the user did and records it.
public final class DesktopChannel: Channel, Sendable {
    /// `desktop`.
    public let name: ChannelName = .desktop
    /// True: the waiter records taps, dismissals and expiries.
    public let reportsEngagement = true
    /// The channel's settings.
    public let config: TidingsConfig.Desktop
    /// The desktop session the popups go to.
    public let session: SessionEnvironment
    /// The database the waiter records engagement in.
    public let databasePath: String
    /// The `tidings` program, whose hidden `desktop-wait` command is the waiter.
    public let waiterPath: String
    /// Content images to show beside the text; nil: none.
    public let media: MediaAttachments?

    /// The last check of the daemon, kept for `platformInfo` and for `send`.
    struct Probe: Sendable {
        var state: ChannelState
        var server: DesktopServer?
        var doNotDisturb: DoNotDisturb?
    }

    private let lastProbe = Mutex<Probe?>(nil)

    /// A channel for `session` with `config`; `waiterPath` is the `tidings` program.
    /// `media`, when given, adds each item's cached content image.
    public init(config: TidingsConfig.Desktop, session: SessionEnvironment, databasePath: String, waiterPath: String, media: MediaAttachments? = nil)
    {
        self.config = config
        self.session = session
        self.databasePath = databasePath
        self.waiterPath = waiterPath
        self.media = media
    }

    /// `{"channel":"desktop","desktop":"GNOME","server":{…},"capabilities":[…]}`; the
    /// desktop is the session's `XDG_CURRENT_DESKTOP` (null when unknown), the server is null
    /// until the daemon has been asked.
    public var platformInfo: String {
        Self.platformInfo(server: lastProbe.withLock { $0?.server }, desktop: session.currentDesktop)
    }

    /// What the daemon said when last asked; nil before `state()` or `send`.
    public var server: DesktopServer? { lastProbe.withLock { $0?.server } }

    /// The desktop's do-not-disturb as last read; nil before `state()` or `send`, or when the
    /// daemon could not be reached.
    public var doNotDisturb: DoNotDisturb? { lastProbe.withLock { $0?.doNotDisturb } }

    /// The desktop and its do-not-disturb as last read (`desktop: mako, do-not-disturb off`).
    public var stateNote: String? { doNotDisturb?.summary }

    /// Asks the session and the daemon (see `probe()`), and keeps the daemon's answer.
    public func state() async -> ChannelState {
        let probe = await probe()
        lastProbe.withLock { $0 = probe }
        return probe.state
    }

    /// Starts one detached waiter per item and waits for each to say `sent <id>` within the
    /// deadline: delivered, or unavailable with the reason. After one deadline miss the rest
    /// are not tried. An update replaces the popup of its last version in place
    /// (`notify-send --replace-id` with the daemon's id kept in `Message.previous`).
    public func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        let known = lastProbe.withLock { $0 }
        let probe: Probe
        if let known {
            probe = known
        } else {
            probe = await self.probe()
            lastProbe.withLock { $0 = probe }
        }
        switch probe.state {
        case .noSession(let reason, _): return items.map { ChannelResult(id: $0.id, outcome: .noSession(reason)) }
        case .unavailable(let reason, _): return items.map { ChannelResult(id: $0.id, outcome: .unavailable(reason)) }
        case .notDetermined, .available, .quiet: break
        }
        let environment = session.childEnvironment()
        var results: [ChannelResult] = []
        var stalled: String?
        for item in items {
            // A daemon that let one popup miss the deadline would make every later one wait as long.
            if let stalled {
                results.append(ChannelResult(id: item.id, outcome: .unavailable(stalled)))
                continue
            }
            let answer = await DesktopWaiterLaunch.start(
                path: waiterPath,
                arguments: waiterArguments(
                    for: item, server: probe.server, replacing: item.previous.flatMap(Self.daemonId(inPlatformInfo:)),
                    image: media?.file(for: item)?.path),
                environment: environment, limit: .milliseconds(config.deadline))
            switch answer {
            case .sent(let daemonId):
                results.append(
                    ChannelResult(
                        id: item.id, outcome: .delivered,
                        platformInfo: Self.platformInfo(server: probe.server, desktop: session.currentDesktop, daemonId: daemonId)))
            case .error(let reason):
                results.append(ChannelResult(id: item.id, outcome: .unavailable(reason)))
            case .timedOut:
                stalled = timeoutReason
                results.append(ChannelResult(id: item.id, outcome: .unavailable(timeoutReason)))
            }
        }
        return results
    }

    /// "the notification daemon did not answer within 3 s".
    var timeoutReason: String { "the notification daemon did not answer within \(Self.seconds(config.deadline))" }

    /// `3 s`, or `1500 ms` when not a whole number of seconds.
    static func seconds(_ milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The daemon's notification id kept in a delivery's platform info, if any.
    static func daemonId(inPlatformInfo info: String) -> Int64? {
        struct Kept: Decodable { var daemonId: Int64? }
        let id = (try? JSONDecoder().decode(Kept.self, from: Data(info.utf8)))?.daemonId
        return id.flatMap { $0 > 0 && $0 <= Int64(UInt32.max) ? $0 : nil }
    }

    /// The platform info of a desktop delivery: the desktop, the daemon's name, vendor,
    /// version and capabilities, and the id it gave the popup.
    static func platformInfo(server: DesktopServer?, desktop: String? = nil, daemonId: Int64? = nil) -> String {
        var json = JSONLine()
        json.add("channel", "desktop")
        json.add("desktop", desktop)
        if let server {
            json.add("server", json: server.json)
            json.add("capabilities", json: jsonArray(server.capabilities.map(JSONLine.quoted)))
        } else {
            json.add("server", nil as String?)
            json.add("capabilities", json: "[]")
        }
        if let daemonId { json.add("daemonId", daemonId) }
        return json.string
    }
}
