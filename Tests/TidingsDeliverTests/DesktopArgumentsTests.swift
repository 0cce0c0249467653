import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

/// The notify-send command line, the waiter's, and reading what gdbus prints.
@Suite struct DesktopArgumentsTests {
    static let dunst = DesktopServer(
        name: "dunst", vendor: "knopwob", version: "1.9.0 (2022-06-27)", specVersion: "1.2",
        capabilities: ["actions", "body", "body-markup"])
    static let plain = DesktopServer(name: "plain", vendor: "x", version: "1", specVersion: "1.2", capabilities: ["body"])

    static func config(expire: Int64 = 10_000, icon: String? = nil) -> TidingsConfig.Desktop {
        var config = TidingsConfig().desktop
        config.expire = expire
        config.icon = icon
        return config
    }

    @Test("A daemon with actions and markup: View and Snooze actions, the body escaped, the summary as it is")
    func fullDaemon() {
        let item = DesktopFixture.item("a", title: "-5% <off>", body: "Fish & chips <b>\tnow</b>\u{1B}[31m")
        #expect(
            DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst) == [
                "notify-send", "--app-name=Tidings", "--urgency=normal", "--expire-time=10000", "--category=x-tidings.system",
                "--print-id", "--wait", "--action=default=View", "--action=snooze=Snooze 10 min", "--", "-5% <off>",
                "Fish &amp; chips &lt;b&gt;now&lt;/b&gt;[31m",
            ])
    }

    @Test("A daemon without actions or markup: no action, the body unescaped")
    func plainDaemon() {
        let item = DesktopFixture.item("a", category: .marketing, body: "Fish & chips")
        #expect(
            DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(expire: 5_000), server: Self.plain) == [
                "notify-send", "--app-name=Tidings", "--urgency=low", "--expire-time=5000", "--category=x-tidings.marketing",
                "--print-id", "--wait", "--", "Morning news", "Fish & chips",
            ])
    }

    /// The octal-escaped markup and ESC of a hostile feed body.
    static let octalBody = #"\074b\076BOLD\074/b\076 \074a href=\042https://evil.example/\042\076click\074/a\076 esc\033[31m"#

    @Test(
        "Backslashes in the body are doubled, so notify-send's unescaping gives back the cleaned text",
        arguments: [
            (octalBody, true),
            (octalBody, false),
            (#"C:\temp\new \n \t \" \\ \b \f \r \v \x41 \"#, true),
            ("Fish & chips <b>\\074</b>", true),
            ("Fish & chips <b>\\074</b>", false),
            ("no backslash at all", true),
        ])
    func backslashesSurviveCompression(body: String, markup: Bool) {
        let item = DesktopFixture.item("a", body: body + "\u{1B}[0m\t")
        let server = markup ? Self.dunst : Self.plain
        let argument = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: server).last ?? ""
        let cleaned = DesktopChannel.withoutControls(item.body)
        let expected = markup ? TextSanitizer.escapingMarkup(cleaned) : cleaned
        #expect(GStrcompress.apply(argument) == expected)
        #expect(!GStrcompress.apply(argument).unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("The octal body reaches the daemon as literal text: no tag, no link, no ESC")
    func octalBodyIsLiteral() {
        let item = DesktopFixture.item("a", title: #"Back\slash \074b\076"#, body: Self.octalBody)
        let arguments = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst)
        let received = GStrcompress.apply(arguments[arguments.count - 1])
        #expect(received == Self.octalBody)
        #expect(!received.contains("<") && !received.contains("\u{1B}"))
        #expect(arguments[arguments.count - 2] == #"Back\slash \074b\076"#, "the summary is not unescaped by notify-send")
    }

    @Test("An update in place escapes its body the same way")
    func replacementEscaped() {
        let item = DesktopFixture.item("a", body: #"now \074b\076"#)
        let arguments = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst, replacing: 7)
        #expect(arguments.contains("--replace-id=7"))
        #expect(arguments.last == #"now \\074b\\076"#)
        let channel = DesktopChannel(
            config: Self.config(), session: SessionEnvironment(environment: [:]), databasePath: "/tmp/t.sqlite", waiterPath: "/usr/bin/tidings")
        #expect(channel.waiterArguments(for: Message(record: item), server: Self.dunst, replacing: 7).last == #"now \\074b\\076"#)
    }

    @Test(
        "Urgency and category hint per category",
        arguments: [
            (TidingsCore.Category.transactional, "critical", "x-tidings.transactional"),
            (.system, "normal", "x-tidings.system"),
            (.social, "normal", "im.received"),
            (.marketing, "low", "x-tidings.marketing"),
        ])
    func urgency(category: TidingsCore.Category, urgency: String, hint: String) {
        #expect(DesktopChannel.urgency(for: category) == urgency)
        #expect(DesktopChannel.categoryHint(for: category) == hint)
    }

    @Test("A meeting's action is Join; Snooze only when the meeting starts more than 10 minutes after the reminder")
    func meeting() {
        var item = DesktopFixture.item("m")
        item.kind = .meeting
        item.expiresAt = item.dueAt + 10 * 60_000
        let arguments = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst)
        #expect(arguments.filter { $0.hasPrefix("--action=") } == ["--action=default=Join"])
        item.expiresAt = item.dueAt + 30 * 60_000
        let early = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst)
        #expect(early.filter { $0.hasPrefix("--action=") } == ["--action=default=Join", "--action=snooze=Snooze 10 min"])
    }

    @Test("A test notification offers no Snooze")
    func testNotification() {
        var item = DesktopFixture.item("test:1")
        item.kind = .test
        let arguments = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(), server: Self.dunst)
        #expect(arguments.filter { $0.hasPrefix("--action=") } == ["--action=default=View"])
    }

    @Test("The icon is passed only when it is an existing local file")
    func icon() throws {
        let directory = try TemporaryDirectory()
        let icon = try directory.write("png", to: "icon.png")
        let item = DesktopFixture.item("a")
        for (path, passed) in [(icon, true), (directory.file("missing.png"), false), (directory.path, false), ("icon.png", false)] {
            let arguments = DesktopChannel.notifySendArguments(for: Message(record: item), config: Self.config(icon: path), server: Self.dunst)
            #expect(arguments.contains("--icon=\(path)") == passed, "\(path)")
        }
    }

    @Test("The waiter's command line: values after =, the link only when there is one, notify-send after --")
    func waiter() {
        var config = Self.config(expire: 8_000)
        config.deadline = 3_000
        let channel = DesktopChannel(
            config: config, session: SessionEnvironment(environment: [:]), databasePath: "/tmp/t.sqlite", waiterPath: "/usr/bin/tidings")
        let linked = channel.waiterArguments(for: Message(record: DesktopFixture.item("-x", deepLink: "https://example.org")), server: Self.plain)
        #expect(
            Array(linked.prefix(8)) == [
                "desktop-wait", "--db=/tmp/t.sqlite", "--id=-x", "--revision=0", "--expire-ms=8000", "--link=https://example.org", "--",
                "notify-send",
            ])
        let bare = channel.waiterArguments(for: Message(record: DesktopFixture.item("a")), server: Self.plain)
        #expect(!bare.contains { $0.hasPrefix("--link") })
    }

    @Test("gdbus output: strings in either quote style with escapes, and booleans")
    func gvariant() {
        #expect(
            GVariantText.strings(in: "('dunst', 'knopwob', '1.9.0 (2022-06-27)', '1.2')")
                == ["dunst", "knopwob", "1.9.0 (2022-06-27)", "1.2"])
        #expect(
            GVariantText.strings(in: #"(['actions', "it's", 'a\\b', 'tab\there', 'caf\u00e9'],)"#) == [
                "actions", "it's", "a\\b", "tab\there", "café",
            ])
        #expect(GVariantText.strings(in: "(@as [],)") == [])
        #expect(GVariantText.boolean(in: "(true,)") == true)
        #expect(GVariantText.boolean(in: "(false,)") == false)
    }

    @Test("Deadlines read as seconds when whole")
    func seconds() {
        #expect(DesktopChannel.seconds(3_000) == "3 s")
        #expect(DesktopChannel.seconds(1_500) == "1500 ms")
    }
}

/// glib's `g_strcompress`, as notify-send applies it to the body: a backslash and up to three
/// octal digits is that byte; `\b \f \n \r \t \v` are their controls; any other escaped
/// character is itself; a trailing backslash is dropped.
enum GStrcompress {
    static func apply(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let next = bytes[index]
            index += 1
            switch next {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "v"): out.append(0x0B)
            default: out.append(next)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
