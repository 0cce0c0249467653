import Foundation

/// The Tidings lines of a user's crontab: one block between marker comments, which
/// `tidings init --timers cron` adds or replaces and never touches anything else.
public enum CrontabBlock {
    /// The first line of the block.
    public static let begin = "# BEGIN Tidings (installed by tidings init; replaced when it runs again)"
    /// The last line of the block.
    public static let end = "# END Tidings"

    /// The block for `commands`, logging to files in `logFolder`: prefetch of what is due and
    /// plan when something changed every 15 minutes, deliver every minute, report hourly (as in
    /// crontab.example), writing the Prometheus textfile `prometheusFile` (default
    /// `logFolder/tidings.prom`; a chosen one is remembered in a comment). With `listen`,
    /// an `@reboot` line starts `tidings listen` (features.realtime_push) at each boot.
    public static func render(_ commands: ProgramCommand, logFolder: String, prometheusFile: String? = nil, listen: Bool = false) -> String {
        func line(_ program: String, _ extra: [String] = []) -> String {
            cronEscaped(ShellWords.line(commands.command(program) + extra))
        }
        func log(_ name: String) -> String { cronEscaped(ShellWords.quoted(logFolder + "/" + name)) }
        let folder = cronEscaped(ShellWords.quoted(logFolder))
        let prom = prometheusFile ?? logFolder + "/tidings.prom"
        return
            ([begin] + (prometheusFile.map { [PrometheusFolder.comment(forFile: $0)] } ?? []) + [
                "*/15 * * * *  mkdir -p \(folder) && \(line("prefetch", ["--due"])) >>\(log("prefetch.log")) 2>&1; \(line("plan", ["--if-changed"])) >>\(log("plan.log")) 2>&1",
                "* * * * *  \(line("deliver")) >>\(log("deliver.log")) 2>&1",
                "5 * * * *  \(line("report", ["--format", "prometheus", "--output", prom])) 2>>\(log("report.log"))",
            ] + (listen ? [listenLine(commands, folder: folder, log: log("listen.log"))] : []) + [end]).joined(separator: "\n") + "\n"
    }

    /// The `@reboot` line that starts `tidings listen`, logging to `log` in `folder`.
    static func listenLine(_ commands: ProgramCommand, folder: String, log: String) -> String {
        "\(listenPrefix)  mkdir -p \(folder) && \(cronEscaped(ShellWords.line(commands.command("tidings", ["listen"])))) >>\(log) 2>&1"
    }

    /// How the line that starts `tidings listen` begins.
    static let listenPrefix = "@reboot"

    /// Whether the Tidings block of `crontab` starts `tidings listen`.
    public static func startsListen(_ crontab: String) -> Bool {
        guard let first = crontab.range(of: "# BEGIN Tidings"), let last = crontab[first.upperBound...].range(of: end) else { return false }
        return crontab[first.upperBound..<last.lowerBound].split(separator: "\n").contains { $0.hasPrefix(listenPrefix) && $0.contains(" listen ") }
    }

    /// The Prometheus folder the block installed in `crontab` remembers, if any.
    public static func prometheusFolder(in crontab: String) -> String? {
        guard let first = crontab.range(of: "# BEGIN Tidings"), let last = crontab[first.upperBound...].range(of: end) else { return nil }
        return PrometheusFolder.remembered(in: crontab[first.upperBound..<last.lowerBound])
    }

    /// `crontab` (the text of `crontab -l`, empty when there is none) with its Tidings block
    /// replaced by `block`, or `block` appended when it has none.
    public static func installing(_ block: String, in crontab: String) -> String {
        var lines = crontab.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let blockLines = block.split(separator: "\n").map(String.init)
        if let first = lines.firstIndex(where: { $0.hasPrefix("# BEGIN Tidings") }),
            let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) })
        {
            lines.replaceSubrange(first...last, with: blockLines)
        } else {
            if let previous = lines.last, !previous.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += blockLines
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether `crontab` holds a Tidings block.
    public static func contains(_ crontab: String) -> Bool {
        crontab.split(separator: "\n").contains { $0.hasPrefix("# BEGIN Tidings") }
    }

    /// `crontab` without its Tidings block (and the empty line `installing` put before it);
    /// every other line stays. A block without its end line is left as it is: what follows
    /// may be the user's.
    public static func removing(from crontab: String) -> String {
        var lines = crontab.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.firstIndex(where: { $0.hasPrefix("# BEGIN Tidings") }),
            let last = lines[first...].firstIndex(where: { $0.hasPrefix(end) })
        else { return crontab }
        lines.removeSubrange(first...last)
        if first > 0, first == lines.count || lines[first].trimmingCharacters(in: .whitespaces).isEmpty,
            lines[first - 1].trimmingCharacters(in: .whitespaces).isEmpty
        {
            lines.remove(at: first - 1)
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The lines outside the block that run `deliver` (an older hand-made install), which
    /// would run it twice.
    public static func strayDeliverLines(in crontab: String) -> [String] {
        var inside = false
        var stray: [String] = []
        for line in crontab.split(separator: "\n").map(String.init) {
            if line.hasPrefix("# BEGIN Tidings") {
                inside = true
                continue
            }
            if line.hasPrefix(end) {
                inside = false
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !inside, !trimmed.hasPrefix("#"), trimmed.contains("deliver") { stray.append(line) }
        }
        return stray
    }

    /// cron ends a command at an unescaped `%`.
    static func cronEscaped(_ text: String) -> String { text.replacingOccurrences(of: "%", with: "\\%") }
}
