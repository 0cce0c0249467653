/// The folder the user chose for the report's Prometheus textfile (`tidings init
/// --prometheus-dir`), written as a comment into the crontab block and the report's unit, so
/// that running init again without the option keeps it instead of moving the textfile back
/// beside the database, where node_exporter would no longer see it change.
public enum PrometheusFolder {
    /// The comment's start.
    static let prefix = "# prometheus-dir: "

    /// The comment that remembers `file`'s folder.
    static func comment(forFile file: String) -> String {
        prefix + String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
    }

    /// The folder remembered in `text` (the Tidings block of a crontab, or a unit file).
    static func remembered(in text: some StringProtocol) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            let folder = String(line.dropFirst(prefix.count))
            if !folder.isEmpty { return folder }
        }
        return nil
    }
}
