import TidingsCore

/// The meeting services links are matched against: the built-in table (`MeetingServices.all`)
/// and the user's own (`[[meetings.services]]`), each with its hosts and path shapes.
public struct MeetingServiceTable: Sendable {
    /// The built-in table alone.
    public static let standard = MeetingServiceTable(services: MeetingServices.all, matcher: .standard, shadowed: [])

    let services: [MeetingService]
    let matcher: ServiceMatcher
    /// Hosts of the user's services that are a built-in service's (or under one): left to the
    /// built-in service, so that no entry loosens its rules. `doctor` names them.
    public let shadowed: [(service: String, host: String)]

    private init(services: [MeetingService], matcher: ServiceMatcher, shadowed: [(service: String, host: String)]) {
        self.services = services
        self.matcher = matcher
        self.shadowed = shadowed
    }

    /// The built-in table and `own` services; the platform of one of them is `own:` and its
    /// name in lower case with runs of other characters as `-` (`own:acme-jitsi`).
    public init(own entries: [TidingsConfig.MeetingServiceEntry]) {
        guard !entries.isEmpty else {
            self = .standard
            return
        }
        let builtIn = MeetingServices.all.flatMap(\.hosts).map { $0.hasPrefix("*.") ? String($0.dropFirst(2)) : $0 }
        var own: [MeetingService] = []
        var shadowed: [(service: String, host: String)] = []
        for entry in entries {
            let hosts = entry.hosts.filter { listed in
                let host = listed.hasPrefix("*.") ? String(listed.dropFirst(2)) : listed
                let taken = builtIn.contains { host == $0 || host.hasSuffix("." + $0) }
                if taken { shadowed.append((entry.name, listed)) }
                return !taken
            }
            guard !hosts.isEmpty else { continue }
            own.append(
                MeetingService(
                    platform: Self.platform(of: entry.name), name: entry.name, hosts: hosts,
                    pathPattern: entry.paths.map { "(?:" + Self.pattern(ofShape: $0) + ")" }.joined(separator: "|")))
        }
        self.init(services: MeetingServices.all + own, matcher: ServiceMatcher(MeetingServices.all + own), shadowed: shadowed)
    }

    /// The service whose `platform` is `platform`.
    public func service(platform: String) -> MeetingService? {
        services.first { $0.platform == platform }
    }

    /// `own:` and `name` in lower case, other characters as `-`.
    static func platform(of name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return "own:" + slug
    }

    /// The regular expression of a path shape (checked by the config): literal segments as
    /// written, `{room}` one segment that is not a file, `{id}` digits, `{code}` letters, digits, `_` and `-`.
    static func pattern(ofShape shape: String) -> String {
        shape.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
            switch segment {
            case "{room}": #"(?![^/?#]*\.(?:js|json|css|ico|html|png|svg|txt|wasm)(?:[/?#]|$))[A-Za-z0-9_-][A-Za-z0-9_.%~-]{0,127}"#
            case "{id}": #"\d{3,20}"#
            case "{code}": #"[A-Za-z0-9_-]{3,128}"#
            default: segment.replacingOccurrences(of: ".", with: #"\."#)
            }
        }.map { "/" + $0 }.joined()
    }
}
