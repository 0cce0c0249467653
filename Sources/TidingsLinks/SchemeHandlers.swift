import Foundation
import Synchronization
import TidingsCore
import TidingsProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a URL scheme has a handler installed: what `xdg-mime query default
/// x-scheme-handler/<scheme>` answers, asked once per process. Tidings reads the desktop's
/// default applications itself, as xdg-mime does (see `DesktopDefaults`), except on KDE,
/// where it runs `xdg-mime` with a 2 s deadline (and `plan` keeps those answers in the
/// database, see `stamp`).
public enum SchemeHandlers {
    /// One question about a scheme (to the desktop's files, or on KDE to `xdg-mime`), asked
    /// once per process: its answer once known.
    private final class Lookup: Sendable {
        let scheme: String
        private let answer = Mutex<Bool?>(nil)
        private let done = DispatchSemaphore(value: 0)

        /// Set when the question was answered in this process (not from `remember`);
        /// `.some(nil)` when `xdg-mime` was asked and gave no answer.
        private let asked = Mutex<Bool??>(nil)

        init(_ scheme: String) { self.scheme = scheme }

        func run() {
            let environment = ProcessInfo.processInfo.environment
            let installed =
                SchemeHandlers.asksXDGMime(environment)
                ? SchemeHandlers.query(scheme, command: ["xdg-mime", "query", "default"], deadline: 2)
                : SchemeHandlers.isWellFormed(scheme)
                    && DesktopDefaults(environment: environment).application(for: "x-scheme-handler/" + scheme) != nil
            asked.withLock { $0 = installed }
            settle(installed ?? false)
        }

        func settle(_ installed: Bool) {
            answer.withLock { $0 = installed }
            done.signal()
        }

        var askedAnswer: Bool? { asked.withLock { $0 ?? nil } }

        func wait() -> Bool {
            if let known = answer.withLock({ $0 }) { return known }
            done.wait()
            done.signal()  // for any other waiter
            return answer.withLock { $0 } ?? false
        }
    }

    private static let lookups = Mutex<[String: Lookup]>([:])

    /// Takes an answer known from before (a `plan` run keeps them in the database with the
    /// `stamp` they were given under), so that `xdg-mime` is not asked again.
    public static func remember(_ scheme: String, installed: Bool) {
        let (lookup, isNew) = self.lookup(scheme.lowercased())
        if isNew { lookup.settle(installed) }
    }

    /// The answers found in this process, by scheme (not the misses: a missing or failing
    /// `xdg-mime` gives no answer worth keeping); `plan` keeps them only on KDE.
    public static func asked() -> [String: Bool] {
        lookups.withLock { lookups in
            lookups.compactMapValues { $0.askedAnswer }
        }
    }

    /// What the answers depend on: the desktop, the search path, and the times of the files
    /// and folders `xdg-mime` reads (mimeapps.list, defaults.list and mimeinfo.cache in the
    /// XDG config and data folders, the applications folders and their subfolders, which gain
    /// a .desktop file when an app is installed). Answers are also asked again after a day.
    public static func stamp(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folders = XDGFolders(environment: environment)
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":").map(String.init)
        let (configFolders, dataFolders) = (folders.configSearch, folders.dataSearch)
        let lists = ["mimeapps.list"] + desktops.map { "\($0)-mimeapps.list" }
        var paths: [String] = []
        for folder in configFolders { paths += lists.map { "\(folder)/\($0)" } }
        for data in dataFolders {
            let applications = data + "/applications"
            let menuDefaults = (environment["XDG_MENU_PREFIX"] ?? "") + "defaults.list"
            paths += [applications, data + "/applnk"] + (lists + ["defaults.list", menuDefaults, "mimeinfo.cache"]).map { "\(applications)/\($0)" }
            let subfolders = (try? FileManager.default.contentsOfDirectory(atPath: applications)) ?? []
            paths += subfolders.sorted().map { "\(applications)/\($0)" }.filter(isFolder)
        }
        let times = paths.map { path -> String in
            var info = stat()
            guard stat(path, &info) == 0 else { return "-" }
            return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        let context = [environment["XDG_CURRENT_DESKTOP"] ?? "", environment["PATH"] ?? ""]
        return (context + times).joined(separator: " ")
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether an application is registered for `scheme` (`zoommtg`, `msteams`, …), asked once
    /// per process (or known from `remember`); a missing or hung `xdg-mime` means no.
    public static func installed(_ scheme: String) -> Bool {
        let (lookup, isNew) = self.lookup(scheme.lowercased())
        if isNew { lookup.run() }
        return lookup.wait()
    }

    /// Starts asking about `schemes` on a thread of its own, so that `installed` later finds
    /// the answers ready: reading the desktop's files, or on KDE running `xdg-mime` (a shell
    /// script that takes over 10 ms), while a `plan` run expands calendars.
    public static func lookAhead(_ schemes: [String]) {
        for scheme in Set(schemes.map { $0.lowercased() }) {
            let (lookup, isNew) = self.lookup(scheme)
            if isNew { Thread.detachNewThread { lookup.run() } }
        }
    }

    /// `lookAhead` for the app schemes `texts` mention (see `likelySchemes`) that are not
    /// known yet; when every app scheme is known, the texts are not even read.
    public static func lookAhead(mentionedIn texts: [String]) {
        let known = lookups.withLock { Set($0.keys) }
        let unknown = MeetingServices.all.filter { service in service.nativeScheme.map { !known.contains($0) } ?? false }
        guard !unknown.isEmpty else { return }
        lookAhead(texts.flatMap { likelySchemes(in: $0, among: unknown) })
    }

    private static func lookup(_ scheme: String) -> (Lookup, isNew: Bool) {
        lookups.withLock { lookups in
            if let known = lookups[scheme] { return (known, false) }
            let lookup = Lookup(scheme)
            lookups[scheme] = lookup
            return (lookup, true)
        }
    }

    /// The app schemes of the services whose hosts `text` mentions: the ones `installed`
    /// will be asked about when links in `text` are resolved (a cheap over-estimate).
    public static func likelySchemes(in text: String, among services: [MeetingService] = MeetingServices.all) -> [String] {
        let lowered = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return services.compactMap { service in
            guard let scheme = service.nativeScheme,
                service.hosts.contains(where: { lowered.containsBytes(Array(($0.hasPrefix("*.") ? String($0.dropFirst(2)) : $0).lowercased().utf8)) })
            else { return nil }
            return scheme
        }
    }

    /// Whether the default application is asked of `xdg-mime` rather than read from the
    /// desktop's files: on KDE, as xdg-mime itself tells it (`XDG_CURRENT_DESKTOP=KDE`, or
    /// `KDE_FULL_SESSION` set), where it asks KDE's service database.
    public static func asksXDGMime(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let desktop = environment["XDG_CURRENT_DESKTOP"], !desktop.isEmpty else { return !(environment["KDE_FULL_SESSION"] ?? "").isEmpty }
        return desktop == "KDE"
    }

    /// Whether `scheme` is a URL scheme: a letter, then letters, digits, `+`, `-` and `.`.
    static func isWellFormed(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// Runs `command` followed by `x-scheme-handler/<scheme>` and says whether it printed the
    /// name of a .desktop file within `deadline` seconds.
    /// Nil when there is no answer (the program is missing, failed or missed the deadline):
    /// such a miss is not kept beyond the process.
    static func query(_ scheme: String, command: [String], deadline: Double) -> Bool? {
        guard isWellFormed(scheme) else { return false }
        let process = BoundedProcess(environment: ProcessInfo.processInfo.environment, limit: .milliseconds(Int(deadline * 1000)))
        guard let line = process.outputBlocking(command + ["x-scheme-handler/" + scheme]) else { return nil }
        return !line.isEmpty && !line.contains("\n") && line.hasSuffix(".desktop")
    }
}
