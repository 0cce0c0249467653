import Foundation
import Synchronization
import TidingsCore

/// The machine and run a delivery happened on, the Linux form of the specification's device
/// maker, OS version and app state: the distribution and its version (`/etc/os-release`), the
/// kernel (`uname -r`), how the run was started, and Tidings' version. Read once, when the
/// first delivery row of a run is written; a run that sends nothing never reads it.
public final class HostPlatform: Sendable {
    /// The os-release file, `/etc/os-release` (`/usr/lib/os-release` when it is missing).
    public let osReleasePath: String
    /// How the run was started, decided when the platform is made (`StartedBy.detect`).
    public let startedBy: StartedBy
    private let kernel: @Sendable () -> String?
    private let cached = Mutex<String?>(nil)
    private let reads = Atomic<Int>(0)

    /// How a run was started.
    public enum StartedBy: String, Sendable {
        /// By hand: standard input is a terminal.
        case terminal
        /// By systemd (a timer's service, the `tidings listen` service): `INVOCATION_ID` is
        /// set and no terminal is attached.
        case systemd
        /// Neither: cron, a script or a pipe.
        case unattended

        /// The rule: a terminal on standard input wins (a shell may inherit `INVOCATION_ID`
        /// from the desktop's own service), then systemd's `INVOCATION_ID`, else unattended.
        public static func detect(environment: [String: String], stdinIsTerminal: Bool) -> StartedBy {
            if stdinIsTerminal { return .terminal }
            if let id = environment["INVOCATION_ID"], !id.isEmpty { return .systemd }
            return .unattended
        }
    }

    /// The platform of this process: `environment` and whether standard input is a terminal
    /// decide `startedBy`; `osReleasePath` and `kernel` are read at the first `json()`.
    public init(
        environment: [String: String], stdinIsTerminal: Bool = isatty(STDIN_FILENO) == 1, osReleasePath: String = "/etc/os-release",
        kernel: (@Sendable () -> String?)? = nil
    ) {
        self.osReleasePath = osReleasePath
        self.startedBy = StartedBy.detect(environment: environment, stdinIsTerminal: stdinIsTerminal)
        self.kernel = kernel ?? HostPlatform.kernelRelease
    }

    /// How many times the os-release file was read: 0 before the first `json()`, then 1.
    public var osReleaseReads: Int { reads.load(ordering: .relaxed) }

    /// `{"os":"debian","osVersion":"12","osName":"Debian GNU/Linux 12 (bookworm)",
    /// "kernel":"6.1.0-18-amd64","startedBy":"systemd","version":"0.1.0"}`; a value the
    /// machine does not tell is null. Worked out once and kept.
    public func json() -> String {
        cached.withLock { kept in
            if let kept { return kept }
            let made = make()
            kept = made
            return made
        }
    }

    /// `info` (a channel's platform info object) with this platform under `platform`.
    public func adding(to info: String) -> String {
        var line = JSONLine(continuing: info)
        line.add("platform", json: json())
        return line.string
    }

    private func make() -> String {
        reads.add(1, ordering: .relaxed)
        let release = OSRelease(reading: osReleasePath) ?? (osReleasePath == "/etc/os-release" ? OSRelease(reading: "/usr/lib/os-release") : nil)
        var line = JSONLine()
        line.add("os", release?.fields["ID"])
        line.add("osVersion", release?.fields["VERSION_ID"])
        line.add("osName", release?.fields["PRETTY_NAME"])
        line.add("kernel", kernel())
        line.add("startedBy", startedBy.rawValue)
        line.add("version", TidingsVersion.current)
        return line.string
    }

    /// The running kernel's release (`uname -r`), or nil when uname fails.
    @Sendable static func kernelRelease() -> String? {
        MachineNames.current()?.release
    }
}
