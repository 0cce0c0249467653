import Foundation
import TidingsCore

/// Who holds a claim: the claiming process, named so that another process can tell whether it
/// still runs. A process id alone is not enough, ids are reused: the token also holds the
/// process's start time (in clock ticks since boot, from `/proc/<pid>/stat`), the boot it
/// started in, its pid namespace and its host name (`uname`'s nodename: a process in a UTS
/// namespace of its own has its own). Stored as `boot/pidns/pid/start/host`; a token from
/// before hosts were named (`boot/pidns/pid/start`) still reads, with no host.
public struct Claimant: Sendable, Equatable, CustomStringConvertible {
    /// `/proc/sys/kernel/random/boot_id`: a new value every boot.
    public var boot: String
    /// The pid namespace's inode (`/proc/self/ns/pid`): ids mean something only inside it.
    public var namespace: String
    /// The process id.
    public var pid: Int32
    /// The process's start time in clock ticks since boot.
    public var start: UInt64
    /// The host's name; nil in a token written before hosts were named.
    public var host: String?

    /// A claimant as given.
    public init(boot: String, namespace: String, pid: Int32, start: UInt64, host: String? = nil) {
        self.boot = boot
        self.namespace = namespace
        self.pid = pid
        self.start = start
        self.host = host
    }

    /// The token stored with a claim.
    public var description: String { "\(boot)/\(namespace)/\(pid)/\(start)" + (host.map { "/\($0)" } ?? "") }

    /// Parses a stored token; nil when it is not one.
    public init?(_ token: String) {
        let parts = token.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, let pid = Int32(parts[2]), let start = UInt64(parts[3]) else { return nil }
        self.init(boot: String(parts[0]), namespace: String(parts[1]), pid: pid, start: start, host: parts.count == 5 ? String(parts[4]) : nil)
    }

    /// This process. Read once: three small reads of `/proc` and `uname`.
    public static let current: Claimant = {
        let pid = getpid()
        return Claimant(
            boot: bootID() ?? "unknown", namespace: namespace() ?? "unknown", pid: pid, start: startTime(of: pid) ?? 0, host: hostName())
    }()

    /// Whether the process behind a claim is alive, dead, or cannot be told from here.
    public enum Liveness: Sendable, Equatable {
        /// It still runs: its claim stands, however long it takes.
        case alive
        /// It ended (or the machine restarted since): its claim is abandoned.
        case dead
        /// Another host (or UTS namespace), machine or pid namespace, or a token of no known
        /// form: only the claim's lease can tell.
        case unknown
    }

    /// Whether the claimant of `token` still runs, seen from `observer` (this process).
    public static func liveness(of token: String?, observer: Claimant = .current) -> Liveness {
        guard let token, let claimant = Claimant(token) else { return .unknown }
        // Another host's processes cannot be seen from here, whatever its boot id says.
        if let host = claimant.host, let mine = observer.host, host != mine { return .unknown }
        guard claimant.boot != "unknown", observer.boot != "unknown" else { return .unknown }
        // Another boot of this machine: everything that ran before it is gone. (A database on
        // a disk shared between machines would look the same; its claims then age out.)
        if claimant.boot != observer.boot { return .dead }
        guard claimant.namespace == observer.namespace, claimant.namespace != "unknown" else { return .unknown }
        if claimant == observer { return .alive }
        guard let start = startTime(of: claimant.pid) else { return .dead }
        return start == claimant.start ? .alive : .dead
    }

    /// Field 22 of `/proc/<pid>/stat`, read after the command name (which may hold spaces
    /// and parentheses); nil when there is no such process, or when it has ended and only
    /// waits to be reaped (a zombie: its parent did not wait for it, as under `timeout`).
    static func startTime(of pid: Int32) -> UInt64? {
        guard let stat = readSmallFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // After ") " come the fields from the third on: the state first, the start time 20th.
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19, let state = fields[0].first, state != UInt8(ascii: "Z"), state != UInt8(ascii: "X") else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    /// `uname`'s nodename, without any `/` (the token's separator); nil when it is empty.
    private static func hostName() -> String? {
        guard let name = MachineNames.current()?.nodename.replacingOccurrences(of: "/", with: "_"), !name.isEmpty else { return nil }
        return name
    }

    private static func bootID() -> String? {
        readSmallFile("/proc/sys/kernel/random/boot_id").map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private static func namespace() -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/ns/pid", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        // `pid:[4026531836]`: keep the digits.
        let text = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.filter(\.isNumber)
    }

    private static func readSmallFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return Array(bytes[0..<count])
    }
}
