import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The command channel with real programs: what they read, how their end is judged, and what
/// of their stderr is kept.
@Suite struct CommandChannelTests {
    static let now = utc("2026-11-22T06:30:00Z")
    static let environment = ["PATH": "/usr/bin:/bin"]

    /// A channel running `/bin/sh -c script`.
    static func shell(_ script: String, environment: [String: String] = environment, timeout: Int64 = 10_000) -> CommandChannel {
        var command = TidingsConfig.Command(name: "test", argv: ["/bin/sh", "-c", script])
        command.timeout = timeout
        return CommandChannel(command: command, environment: environment, zone: Zone.named("Europe/Berlin"))
    }

    static func item(data: String? = nil) -> NotificationRecord {
        var item = DeliverFixture.item("daily:2026-11-22", due: now)
        item.data = data
        return item
    }

    @Test("The program reads deliver --format json's object, then data, and sees the idempotency key")
    func input() async throws {
        let folder = try TemporaryDirectory()
        let channel = Self.shell("cat > '\(folder.file("in"))'; printf %s \"$TIDINGS_IDEMPOTENCY_KEY\" > '\(folder.file("key"))'")
        var update = Self.item(data: #"{"room":"news","n":[1,2]}"#)
        update.revision = 2
        let results = await channel.send([update].messages, now: Self.now)
        #expect(results.map(\.outcome) == [.delivered])
        let line = try String(contentsOfFile: folder.file("in"), encoding: .utf8)
        let stdoutLine = update.jsonLine(zone: Zone.named("Europe/Berlin"), deliveredAt: Self.now)
        #expect(line == String(stdoutLine.dropLast()) + #","data":{"room":"news","n":[1,2]}}"# + "\n")
        #expect(try String(contentsOfFile: folder.file("key"), encoding: .utf8) == "daily:2026-11-22#2")
        #expect(
            channel.input(for: Message(record: Self.item()), now: Self.now) == Self.item().jsonLine(
                zone: Zone.named("Europe/Berlin"), deliveredAt: Self.now) + "\n")
    }

    @Test("A non-zero status is tried again with stderr's last non-empty line; a timeout too")
    func failures() async {
        let failed = await Self.shell("echo first >&2; echo '  room not found  ' >&2; echo >&2; exit 3").send([Self.item()].messages, now: Self.now)
        #expect(failed.map(\.outcome) == [.transient("exit status 3: room not found", retryAfter: nil)])
        let silent = await Self.shell("exit 1").send([Self.item()].messages, now: Self.now)
        #expect(silent.map(\.outcome) == [.transient("exit status 1", retryAfter: nil)])
        // Killed at the timeout, not waited for (CommandEndToEndTests checks what it started is gone too).
        let slow = await Self.shell("sleep 20", timeout: 300).send([Self.item()].messages, now: Self.now)
        #expect(slow.map(\.outcome) == [.transient("timed out after 300ms and was killed", retryAfter: nil)])
    }

    @Test("Credentials in stderr are redacted: a token variable's value, a URL's path, an Authorization argument")
    func redacted() async {
        var environment = Self.environment
        environment["BOT_TOKEN"] = "123456:ABCdefGHIjklMNO"
        let channel = Self.shell(
            #"echo "401 for bot$BOT_TOKEN, https://chat.example.org/hooks/s3cr3tpath?k=v and Bearer xyz-secret-value" >&2; exit 22"#,
            environment: environment)
        var command = channel.command
        command.argv += ["https://chat.example.org/hooks/s3cr3tpath?k=v", "Authorization: Bearer xyz-secret-value"]
        command.env = ["BOT_TOKEN"]
        let withArguments = CommandChannel(command: command, environment: environment, zone: .utc)
        let results = await withArguments.send([Self.item()].messages, now: Self.now)
        guard case .transient(let reason, _)? = results.first?.outcome else {
            Issue.record("expected a failure, got \(results)")
            return
        }
        #expect(reason.hasPrefix("exit status 22: 401 for bot[redacted]"), "\(reason)")
        for secret in ["ABCdefGHIjklMNO", "s3cr3tpath", "xyz-secret-value"] {
            #expect(!reason.contains(secret), "\(reason)")
        }
    }

    @Test("A program that is not found makes the channel unavailable, with the fix")
    func missingProgram() async {
        let channel = CommandChannel(
            command: TidingsConfig.Command(name: "speak", argv: ["no-such-program-here"]), environment: Self.environment, zone: .utc)
        guard case .unavailable(let reason, let fix) = await channel.state() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason == "no-such-program-here is not on PATH (/usr/bin:/bin)")
        #expect(fix.contains("[[commands]] \"speak\""))
        #expect(await channel.send([Self.item()].messages, now: Self.now).map(\.outcome) == [.unavailable(reason)])
        let found = CommandChannel(command: TidingsConfig.Command(name: "t", argv: ["sh"]), environment: Self.environment, zone: .utc)
        #expect(await found.state() == .available)
        #expect(found.stateNote == "command:t: runs /usr/bin/sh")
    }
}
