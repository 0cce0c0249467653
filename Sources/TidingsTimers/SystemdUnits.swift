import Foundation

/// The systemd user units that start the pipeline, from the files in `config/systemd/`
/// with the programs' absolute paths and flags filled in.
public enum SystemdUnits {
    /// The unit files, in the order they are installed.
    public static let names = [
        "tidings-prefetch.service", "tidings-prefetch.timer",
        "tidings-deliver.service", "tidings-deliver.timer",
        "tidings-report.service", "tidings-report.timer",
    ]
    /// The timers enabled.
    public static var timers: [String] { names.filter { $0.hasSuffix(".timer") } }
    /// The service that runs `tidings listen`, installed besides the timers when
    /// `features.realtime_push` is on with a `[realtime]` stream.
    public static let listen = "tidings-listen.service"
    /// Every unit file an install may write: the timers' and the listen service.
    public static var all: [String] { names + [listen] }

    /// The link `systemctl enable` leaves for unit `name`, relative to the units' folder.
    public static func wantsLink(_ name: String) -> String {
        (name.hasSuffix(".timer") ? "timers.target.wants/" : "default.target.wants/") + name
    }
    /// How often the deliver timer runs when exact wake-ups send items on time: a safety
    /// net for a wake-up that was lost (the user manager restarted, the machine slept).
    public static let safetyNetCalendar = "*:0/15"

    /// `template` (a unit file of `config/systemd/`) for `commands`: each
    /// `%h/.local/bin/PROGRAM` becomes the program's absolute path followed by the flags.
    /// With `exactWakeUps`, the deliver timer runs every 15 minutes instead of every minute;
    /// with `prometheusFile`, the report writes its textfile there instead (its `--output`),
    /// and a comment above the line remembers the folder.
    public static func render(_ template: String, commands: ProgramCommand, exactWakeUps: Bool, prometheusFile: String? = nil) -> String {
        var lines: [String] = []
        for line in template.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let range = line.range(of: "%h/.local/bin/") {
                let rest = line[range.upperBound...]
                let program = String(rest.prefix { $0 != " " })
                var arguments = String(rest.dropFirst(program.count))
                // `tidings listen`: the subcommand comes before the flags.
                var subcommand: [String] = []
                if program == "tidings" {
                    let word = String(arguments.drop { $0 == " " }.prefix { $0 != " " })
                    subcommand = [word]
                    arguments = String(arguments.drop { $0 == " " }.dropFirst(word.count))
                }
                if let prometheusFile, program == "report", let output = arguments.range(of: " --output ") {
                    let value = arguments[output.upperBound...].prefix { $0 != " " }
                    arguments.replaceSubrange(output.upperBound..<value.endIndex, with: quoted(prometheusFile))
                    lines.append(PrometheusFolder.comment(forFile: prometheusFile))
                }
                lines.append(String(line[..<range.lowerBound]) + commands.command(program, subcommand).map(quoted).joined(separator: " ") + arguments)
            } else if exactWakeUps, line.hasPrefix("OnCalendar=*-*-* *:*:00") {
                lines.append("# Exact wake-ups (delivery.wake = \"exact\") send items on time; this is the safety net.")
                lines.append("OnCalendar=\(safetyNetCalendar)")
            } else if exactWakeUps, line == "Description=Tidings: deliver every minute" {
                lines.append("Description=Tidings: deliver every 15 minutes, besides the exact wake-ups")
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `word` as one argument of an `ExecStart=` line: `%` and `$` doubled, quoted when it
    /// holds white space or quotes.
    static func quoted(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        guard escaped.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
