import Foundation

/// Finds the service of a link: first by host (the longest listed host that covers it), then
/// by the path pattern that host's service gives.
struct ServiceMatcher: Sendable {
    /// A path pattern, compiled the first time a link of its host is seen: a run meets a few
    /// services, and compiling all of them would cost more than matching.
    private final class Pattern: @unchecked Sendable {
        // @unchecked: `compiled` is only touched under `lock`; NSRegularExpression is
        // immutable once made and safe to use from any thread.
        let text: String
        private let lock = NSLock()
        private var compiled: NSRegularExpression??

        init(_ text: String) { self.text = text }

        /// The compiled pattern; nil when it does not compile (it then matches nothing).
        var regex: NSRegularExpression? {
            lock.lock()
            defer { lock.unlock() }
            if let compiled { return compiled }
            let regex = try? NSRegularExpression(pattern: text, options: [.caseInsensitive, .dotMatchesLineSeparators])
            compiled = .some(regex)
            return regex
        }
    }

    private struct Entry {
        var service: Int
        var pattern: Pattern
        /// Listed as `*.host`: only real subdomains count, not the host or its `www`.
        var subdomainsOnly: Bool
    }

    private let services: [MeetingService]
    private let byHost: [String: [Entry]]

    /// The matcher of `MeetingServices.all`.
    static let standard = ServiceMatcher(MeetingServices.all)

    init(_ services: [MeetingService]) {
        self.services = services
        var byHost: [String: [Entry]] = [:]
        for (index, service) in services.enumerated() {
            for listed in service.hosts {
                let subdomainsOnly = listed.hasPrefix("*.")
                let host = subdomainsOnly ? String(listed.dropFirst(2)) : listed
                // The patterns are this module's data and are tested; one that does not compile
                // matches nothing rather than stopping the program.
                let pattern = Pattern("^(?:" + service.pathPattern(for: listed) + ")/?(?:[?#&].*)?$")
                byHost[host.lowercased(), default: []].append(Entry(service: index, pattern: pattern, subdomainsOnly: subdomainsOnly))
            }
        }
        self.byHost = byHost
    }

    /// Whether every pattern of every service compiles (for the tests).
    static func uncompilablePatterns(_ services: [MeetingService]) -> [String] {
        services.flatMap { service in
            service.hosts.compactMap { host -> String? in
                let pattern = "^(?:" + service.pathPattern(for: host) + ")/?(?:[?#&].*)?$"
                return (try? NSRegularExpression(pattern: pattern)) == nil ? "\(service.platform) \(host)" : nil
            }
        }
    }

    /// The service `url` is a meeting link of, if any.
    func service(of url: WebURL) -> MeetingService? {
        var suffix = Substring(url.host)
        while true {
            if let entries = byHost[String(suffix)] {
                let isHostItself = suffix.startIndex == url.host.startIndex
                let isWWW = url.host.utf8.count == suffix.utf8.count + 4 && url.host.hasPrefix("www.")
                for entry in entries where !(entry.subdomainsOnly && (isHostItself || isWWW)) {
                    let range = NSRange(url.rest.startIndex..., in: url.rest)
                    if entry.pattern.regex?.firstMatch(in: url.rest, options: [.anchored], range: range) != nil {
                        return services[entry.service]
                    }
                }
            }
            guard let dot = suffix.firstIndex(of: ".") else { return nil }
            suffix = suffix[suffix.index(after: dot)...]
        }
    }
}
