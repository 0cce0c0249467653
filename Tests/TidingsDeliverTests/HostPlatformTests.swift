import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The machine and run each delivery row names in its platform info: read from a fake
/// os-release file, once per run, and never by a run that sends nothing.
@Suite struct HostPlatformTests {
    static let now = utc("2026-11-22T06:31:00Z")
    static let osRelease = """
        # a comment
        PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
        NAME='Debian GNU/Linux'
        VERSION_ID="12"
        ID=debian
        HOME_URL="https://www.debian.org/\\"x\\""

        """

    @Test("os-release: quoted, single-quoted and bare values, escapes, comments skipped")
    func parsing() {
        let fields = OSRelease(parsing: Self.osRelease).fields
        #expect(fields["PRETTY_NAME"] == "Debian GNU/Linux 12 (bookworm)")
        #expect(fields["NAME"] == "Debian GNU/Linux")
        #expect(fields["VERSION_ID"] == "12")
        #expect(fields["ID"] == "debian")
        #expect(fields["HOME_URL"] == "https://www.debian.org/\"x\"")
        #expect(fields.count == 5)
    }

    @Test(
        "How a run was started: a terminal wins, then systemd's INVOCATION_ID, else unattended",
        arguments: [
            ([String: String](), true, HostPlatform.StartedBy.terminal),
            (["INVOCATION_ID": "f00"], true, .terminal),
            (["INVOCATION_ID": "f00"], false, .systemd),
            (["INVOCATION_ID": ""], false, .unattended),
            ([:], false, .unattended),
        ])
    func startedBy(environment: [String: String], terminal: Bool, expected: HostPlatform.StartedBy) {
        #expect(HostPlatform.StartedBy.detect(environment: environment, stdinIsTerminal: terminal) == expected)
    }

    @Test("The fields, in a stable order; what the machine does not tell is null")
    func fields() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.osRelease, to: "os-release")
        let platform = HostPlatform(environment: ["INVOCATION_ID": "1"], stdinIsTerminal: false, osReleasePath: path, kernel: { "6.1.0-18-amd64" })
        #expect(
            platform.json()
                == #"{"os":"debian","osVersion":"12","osName":"Debian GNU/Linux 12 (bookworm)","kernel":"6.1.0-18-amd64","startedBy":"systemd","version":"\#(TidingsVersion.current)"}"#
        )
        let missing = HostPlatform(environment: [:], stdinIsTerminal: false, osReleasePath: directory.file("none"), kernel: { nil })
        #expect(
            missing.json()
                == #"{"os":null,"osVersion":null,"osName":null,"kernel":null,"startedBy":"unattended","version":"\#(TidingsVersion.current)"}"#)
        #expect(HostPlatform.kernelRelease()?.isEmpty == false)
    }

    @Test("An idle run never reads os-release; a run that delivers reads it once and records it in each row")
    func lazyAndOnce() async throws {
        let f = try DeliverFixture()
        let path = try f.directory.write(Self.osRelease, to: "os-release")
        let platform = HostPlatform(environment: [:], stdinIsTerminal: true, osReleasePath: path, kernel: { "6.8.0" })
        let channel = f.channel(.json)
        func run() async throws -> DeliverOutcome {
            try await Deliverer(database: f.db, config: f.config, only: .stdout, platform: platform, channels: { _ in channel })
                .run(now: Self.now, zone: DeliverFixture.berlin)
        }
        // Given nothing due, when deliver runs, then the file is not read.
        #expect(try await run().idle)
        #expect(platform.osReleaseReads == 0)
        // Given two due items, when deliver runs, then both rows carry the platform, read once.
        try f.plan([
            DeliverFixture.item("a", due: utc("2026-11-22T06:30:00Z")), DeliverFixture.item("b", due: utc("2026-11-22T06:00:00Z")),
        ])
        #expect(try await run().delivered == 2)
        #expect(platform.osReleaseReads == 1)
        let rows = try f.db.lastDeliveredPlatformInfo(ids: ["a", "b"], channel: .stdout)
        #expect(rows.count == 2)
        for info in rows.values {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any])
            #expect(object["channel"] as? String == "stdout")
            #expect(object["format"] as? String == "json")
            let host = try #require(object["platform"] as? [String: String])
            #expect(
                host == [
                    "os": "debian", "osVersion": "12", "osName": "Debian GNU/Linux 12 (bookworm)", "kernel": "6.8.0", "startedBy": "terminal",
                    "version": TidingsVersion.current,
                ])
        }
        // A second run with more due reuses what was read.
        try f.plan([DeliverFixture.item("c", due: utc("2026-11-22T06:31:00Z"))])
        #expect(try await run().delivered == 1)
        #expect(platform.osReleaseReads == 1)
    }

    @Test("A desktop row names the desktop beside the daemon")
    func desktopRow() throws {
        let info = DesktopChannel.platformInfo(server: nil, desktop: "ubuntu:GNOME", daemonId: 7)
        #expect(info == #"{"channel":"desktop","desktop":"ubuntu:GNOME","server":null,"capabilities":[],"daemonId":7}"#)
    }
}
