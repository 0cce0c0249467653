/// One video-meeting service: where its meeting links live and what their paths look like.
///
/// A link belongs to a service when its host is one of `hosts` (or a real subdomain of one)
/// and its path, query and fragment match the service's pattern for that host.
public struct MeetingService: Sendable {
    /// A short stable name: `zoom`, `google-meet`, `teams`, …
    public var platform: String
    /// The name people know it by.
    public var name: String
    /// The hosts of its meeting links. `zoom.us` stands for `zoom.us` itself and every real
    /// subdomain (`acme.zoom.us`, never `evilzoom.us` or `zoom.us.evil.com`); `*.daily.co`
    /// stands for the subdomains only, not the bare host or its `www`.
    public var hosts: [String]
    /// A regular expression (ICU syntax, case-insensitive) for the path with its query and
    /// fragment, e.g. `/j/\d+` for `/j/123?pwd=x`. It must match from the first `/`; after it
    /// only a `/`, a query, a fragment or further `&` parameters may follow.
    public var pathPattern: String
    /// Path patterns for particular hosts of `hosts` (written the same way), used instead of
    /// `pathPattern` for that host and its subdomains.
    public var hostPathPatterns: [String: String]
    /// The URL scheme of the service's desktop app, when meeting links can be handed to it
    /// directly (`zoommtg`, `msteams`, `jitsi-meet`, `slack`).
    public var nativeScheme: String?
    /// Query parameters that carry the meeting's passcode (`pwd` for Zoom, `p` for Teams): a
    /// link that keeps one joins without asking.
    public var passcodeParameters: [String]
    /// A broadcast to watch (a livestream, a video event) rather than a meeting to join:
    /// `MeetingLinks.best` takes one only when the event has no other meeting link.
    public var isBroadcast: Bool

    /// A service as data.
    public init(
        platform: String, name: String, hosts: [String], pathPattern: String,
        hostPathPatterns: [String: String] = [:], nativeScheme: String? = nil, passcodeParameters: [String] = [],
        isBroadcast: Bool = false
    ) {
        self.platform = platform
        self.name = name
        self.hosts = hosts
        self.pathPattern = pathPattern
        self.hostPathPatterns = hostPathPatterns
        self.nativeScheme = nativeScheme
        self.passcodeParameters = passcodeParameters
        self.isBroadcast = isBroadcast
    }

    /// The path pattern that applies to `host`, one of `hosts`.
    public func pathPattern(for host: String) -> String {
        hostPathPatterns[host] ?? pathPattern
    }
}

/// Where in a calendar event a text came from, in the order `MeetingLinks.best` trusts them.
public enum MeetingField: String, Sendable, CaseIterable {
    /// RFC 7986 `CONFERENCE`.
    case conference
    /// Google Calendar's `X-GOOGLE-CONFERENCE`.
    case googleConference = "x-google-conference"
    /// The event's `URL`.
    case url
    /// The event's `LOCATION`.
    case location
    /// The event's `DESCRIPTION` (plain text or HTML).
    case description
    /// Any other text.
    case text

    /// Lower is searched first.
    var priority: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }
}

/// A meeting link found in a text.
public struct MeetingLink: Sendable, Equatable {
    /// The service's `platform`: `zoom`, `teams`, …
    public var platform: String
    /// The link in its https form, unwrapped from redirectors (SafeLinks, URLDefense, …).
    public var url: String
    /// The same meeting for the desktop app (`zoommtg://…`, `msteams:…`), only when the app
    /// is installed.
    public var nativeURL: String?
    /// The event field the link was found in, when known.
    public var field: MeetingField?

    /// A link as found.
    public init(platform: String, url: String, nativeURL: String? = nil, field: MeetingField? = nil) {
        self.platform = platform
        self.url = url
        self.nativeURL = nativeURL
        self.field = field
    }
}
