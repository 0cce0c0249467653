import Foundation

/// One fenced block of the manual marked `example` in its info string.
struct DocExample {
    /// The page, relative to the source tree.
    var page: String
    /// The line of the opening fence.
    var line: Int
    /// The info string's first word: `sh`, `toml`, `json`, …
    var language: String
    /// The words after `example`: `defaults`, `file=NAME`.
    var attributes: [String]
    /// The block's text.
    var text: String

    /// `page:line`, for messages.
    var place: String { "\(page):\(line)" }

    /// Where the block is also written (`file=NAME`), if anywhere.
    var file: String? { attributes.first { $0.hasPrefix("file=") }.map { String($0.dropFirst("file=".count)) } }

    /// The marked blocks of a Markdown text. A fence is three or more backticks or tildes at
    /// the start of a line (after up to three spaces); it closes with a line of at least as
    /// many of the same character, so a longer fence can show a marked block without running it.
    static func parse(_ markdown: String, page: String) -> [DocExample] {
        var examples: [DocExample] = []
        var open: (fence: String, info: [String], line: Int, body: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if var block = open {
                let closes = trimmed.hasPrefix(block.fence) && trimmed.allSatisfy { $0 == block.fence.first || $0 == " " }
                if closes {
                    if block.info.count > 1, block.info[1] == "example" {
                        examples.append(
                            DocExample(
                                page: page, line: block.line, language: block.info[0], attributes: Array(block.info.dropFirst(2)),
                                text: block.body.joined(separator: "\n") + "\n"))
                    }
                    open = nil
                } else {
                    block.body.append(String(line))
                    open = block
                }
                continue
            }
            guard line.count - trimmed.count <= 3, let mark = trimmed.first, mark == "`" || mark == "~" else { continue }
            let fence = String(trimmed.prefix { $0 == mark })
            guard fence.count >= 3 else { continue }
            let info = trimmed.dropFirst(fence.count).split(separator: " ").map(String.init)
            // A backtick in the info string makes the line inline code, not a fence.
            if mark == "`", info.contains(where: { $0.contains("`") }) { continue }
            open = (fence, info, index + 1, [])
        }
        return examples
    }

    /// The config keys named in the first cell of each table row of configuration.md:
    /// `daily.time`, `sources[].url`, `channels."webhook:NAME"`.
    static func tableKeys(in markdown: String) -> [String] {
        let key = /^[a-z_]+(\[\])?\.([a-z_]+|"[A-Za-z:]+")$/
        return markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                .filter { $0.wholeMatch(of: key) != nil }
        }
    }

    /// The keys a TOML text sets, with their tables: `daily.time`, `sources[].url`,
    /// `channels."webhook:phone"`.
    static func keys(ofTOML text: String) -> [String] {
        var table = ""
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            let line = line.trimmingCharacters(in: .whitespaces)
            if let match = line.wholeMatch(of: /\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]\s*(#.*)?/) {
                table = String(match.1) + "[]"
            } else if let match = line.wholeMatch(of: /\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(#.*)?/) {
                table = String(match.1)
            } else if let match = line.prefixMatch(of: /("[^"]*"|[A-Za-z0-9_-]+)\s*=/) {
                keys.append(table.isEmpty ? String(match.1) : table + "." + match.1)
            }
        }
        return keys
    }
}
