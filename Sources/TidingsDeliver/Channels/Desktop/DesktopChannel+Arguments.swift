import Foundation
import TidingsCore

extension DesktopChannel {
    /// The waiter's command line for `item`:
    /// `desktop-wait --db=… --id=… --revision=… [--repeat=…] --expire-ms=… [--link=…] -- notify-send …`.
    /// Values go after `=` so that one starting with `-` is never read as an option.
    func waiterArguments(for item: Message, server: DesktopServer?, replacing daemonId: Int64? = nil, image: String? = nil) -> [String] {
        var arguments = ["desktop-wait", "--db=\(databasePath)", "--id=\(item.id)", "--revision=\(item.revision)"]
        if item.nagRepeat > 0 { arguments.append("--repeat=\(item.nagRepeat)") }
        arguments.append("--expire-ms=\(config.expire)")
        if let link = item.link { arguments.append("--link=\(link)") }
        return arguments + ["--"] + Self.notifySendArguments(for: item, config: config, server: server, replacing: daemonId, image: image)
    }

    /// `notify-send` and its arguments for `item`, shaped by what the daemon announced; with
    /// `replacing`, the popup replaces the daemon's notification of that id; with `image`
    /// (the path of a cached content image), the popup shows it (the `image-path` hint).
    static func notifySendArguments(
        for item: Message, config: TidingsConfig.Desktop, server: DesktopServer?, replacing daemonId: Int64? = nil,
        image: String? = nil
    ) -> [String] {
        var arguments = [
            "notify-send", "--app-name=Tidings", "--urgency=\(urgency(for: item.category))",
            "--expire-time=\(config.expire)", "--category=\(categoryHint(for: item.category))",
        ]
        if let icon = config.icon, isRegularFile(icon) { arguments.append("--icon=\(icon)") }
        if let image, isRegularFile(image) { arguments.append("--hint=string:image-path:\(image)") }
        if let daemonId { arguments.append("--replace-id=\(daemonId)") }
        arguments += ["--print-id", "--wait"]
        if server?.supportsActions == true {
            arguments.append("--action=default=\(item.primaryAction)")
            if offersSnooze(item) { arguments.append("--action=\(snoozeAction)=Snooze \(snoozeDelay / 60_000) min") }
        }
        let title = withoutControls(item.title)
        // "--" ends the options: a title starting with "-" is still the summary.
        arguments += ["--", title.isEmpty ? "Tidings" : title, bodyArgument(item.body, server: server)]
        return arguments
    }

    /// The key of the popup's second action, which snoozes the item for `snoozeDelay`.
    static let snoozeAction = "snooze"
    /// How long the popup's "Snooze" action puts an item off.
    public static let snoozeDelay: Int64 = 10 * 60_000

    /// Whether the popup offers "Snooze": not for a test, nor for an item that would expire
    /// before it came back (a meeting's reminder, shown 10 minutes before the start).
    static func offersSnooze(_ item: Message) -> Bool {
        item.kind != .test && (item.expiresAt.map { $0 > item.dueAt + snoozeDelay } ?? true)
    }

    /// The body as notify-send must be given it for the daemon to receive exactly the
    /// cleaned text: control characters removed, `&`, `<`, `>` escaped when the daemon
    /// announces `body-markup`, then every backslash doubled.
    ///
    /// notify-send passes the body (and only the body: the summary goes as it is) through
    /// `g_strcompress` (libnotify tools/notify-send.c), which turns `\074` into `<`, `\n`
    /// into a newline and `\033` into ESC, after Tidings' own escaping; a doubled backslash
    /// comes out as one.
    static func bodyArgument(_ body: String, server: DesktopServer?) -> String {
        let clean = withoutControls(body)
        return doublingBackslashes(server?.supportsBodyMarkup == true ? TextSanitizer.escapingMarkup(clean) : clean)
    }

    /// `text` with each `\` doubled, which `g_strcompress` turns back into one.
    static func doublingBackslashes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        return text.replacing("\\", with: "\\\\")
    }

    /// critical for transactional, normal for system and social, low for marketing.
    static func urgency(for category: Category) -> String {
        switch category {
        case .transactional: "critical"
        case .system, .social: "normal"
        case .marketing: "low"
        }
    }

    /// The freedesktop category hint: `im.received` for social, `x-tidings.<category>` otherwise
    /// (the spec reserves `x-vendor.` for categories it does not list).
    static func categoryHint(for category: Category) -> String {
        category == .social ? "im.received" : "x-tidings.\(category.rawValue)"
    }

    /// `text` without control characters (newlines and tabs included).
    static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasPrefix("/") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
