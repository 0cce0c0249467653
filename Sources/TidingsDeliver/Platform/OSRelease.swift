import Foundation

/// The fields of an os-release file (os-release(5)): `KEY=value` lines, the value maybe in
/// double or single quotes with backslash escapes; comments and blank lines skipped.
public struct OSRelease: Sendable, Equatable {
    /// The fields by name (`ID`, `VERSION_ID`, `PRETTY_NAME`, …).
    public var fields: [String: String]

    /// The fields of `text`.
    public init(parsing text: String) {
        var fields: [String: String] = [:]
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            fields[key] = Self.unquoted(String(line[line.index(after: equals)...]))
        }
        self.fields = fields
    }

    /// The fields of the file at `path`, or nil when it cannot be read.
    public init?(reading path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(parsing: String(decoding: data, as: UTF8.self))
    }

    /// `value` without its quotes and escapes.
    static func unquoted(_ value: String) -> String {
        guard let first = value.first, first == "\"" || first == "'", value.count >= 2, value.last == first else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped || first == "'" || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}
