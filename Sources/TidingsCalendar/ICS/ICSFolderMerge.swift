/// The calendars of a vdir folder (khal, vdirsyncer: one `.ics` per event) joined into one
/// VCALENDAR: every component of every file in file order, a VTIMEZONE once per TZID, the
/// files' own calendar properties (VERSION, PRODID, METHOD, …) left out.
public enum ICSFolderMerge {
    /// One file's text and its name, for what is said about it.
    public struct File: Sendable {
        public var name: String
        public var bytes: [UInt8]

        /// A file of the folder.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// The joined calendar, and a line for each file left out (not a calendar, truncated).
    public static func merge(_ files: [File]) -> (bytes: [UInt8], skipped: [String]) {
        var out = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tidings//vdir folder//EN\r\n".utf8)
        var skipped: [String] = []
        var zones: Set<[UInt8]> = []
        for file in files {
            switch components(of: file.bytes) {
            case .success(let blocks):
                for block in blocks {
                    if let tzid = block.tzid {
                        guard zones.insert(tzid).inserted else { continue }
                    }
                    out += block.lines
                }
            case .failure(let problem):
                skipped.append("file \(file.name): \(problem.text), skipped")
            }
        }
        out += Array("END:VCALENDAR\r\n".utf8)
        return (out, skipped)
    }

    private struct Block {
        var lines: [UInt8] = []
        /// The TZID of a VTIMEZONE, upper-cased.
        var tzid: [UInt8]?
    }

    private struct Problem: Error {
        var text: String
    }

    /// The components directly inside the VCALENDARs of `bytes`, each with its lines as written.
    private static func components(of bytes: [UInt8]) -> Result<[Block], Problem> {
        var blocks: [Block] = []
        var block = Block()
        var depth = 0
        var sawCalendar = false
        var skippingProperty = false
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let line = bytes[start..<end]
            start = end
            let content = trimmed(line)
            if content.isEmpty { continue }
            let continued = line.first == 0x20 || line.first == 0x09
            if depth == 0 {
                guard !continued, named(content, "BEGIN:VCALENDAR") else {
                    return sawCalendar ? .success(blocks) : .failure(Problem(text: "not a calendar"))
                }
                sawCalendar = true
                depth = 1
                continue
            }
            if depth == 1 {
                if continued && skippingProperty { continue }
                skippingProperty = false
                if named(content, "END:VCALENDAR") {
                    depth = 0
                } else if starts(content, "BEGIN:") {
                    depth = 2
                    block = Block(lines: Array(line), tzid: nil)
                    if line.last != 0x0A { block.lines += [0x0D, 0x0A] }
                    if named(content, "BEGIN:VTIMEZONE") { block.tzid = [] }
                } else {
                    skippingProperty = true
                }
                continue
            }
            block.lines += line
            if line.last != 0x0A { block.lines += [0x0D, 0x0A] }
            if !continued, starts(content, "BEGIN:") { depth += 1 }
            if !continued, starts(content, "END:") { depth -= 1 }
            if depth == 2, block.tzid == [], !continued, starts(content, "TZID:") {
                block.tzid = content.dropFirst(5).map(upper)
            }
            if depth == 1 { blocks.append(block) }
        }
        if !sawCalendar { return .failure(Problem(text: "not a calendar")) }
        return depth == 0 ? .success(blocks) : .failure(Problem(text: "truncated (begin:vcalendar is never closed)"))
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var content = line
        while let last = content.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { content.removeLast() }
        return content
    }

    private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }

    private static func starts(_ content: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        let expected = Array(prefix.utf8)
        return content.count >= expected.count && zip(content, expected).allSatisfy { upper($0) == $1 }
    }

    private static func named(_ content: ArraySlice<UInt8>, _ line: String) -> Bool {
        content.count == line.utf8.count && starts(content, line)
    }
}
