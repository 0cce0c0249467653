/// An element of a WebDAV answer: its namespace and local name, its children, and its text.
/// Made by `DAVXML.parse`, which reads the XML that CalDAV servers send (namespaces, entities,
/// CDATA) and nothing more: no DTD, no external entity, so a hostile server can make it
/// neither fetch nor grow anything.
struct DAVElement: Sendable {
    /// The namespace URI (`DAV:`, `urn:ietf:params:xml:ns:caldav`, …), empty for none.
    var namespace: String
    /// The local name, without its prefix.
    var name: String
    /// Its attributes other than namespace declarations, by local name.
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    /// The element's own text, CDATA included, entities decoded.
    var text = ""

    /// Whether the element is `name` in `namespace`.
    func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

    /// The first child `name` in `namespace`.
    func child(_ namespace: String, _ name: String) -> DAVElement? { children.first { $0.is(namespace, name) } }

    /// Every child `name` in `namespace`.
    func all(_ namespace: String, _ name: String) -> [DAVElement] { children.filter { $0.is(namespace, name) } }

    /// The element at the end of `path`, each step a (namespace, name) child.
    func find(_ path: [(String, String)]) -> DAVElement? {
        var element = self
        for (namespace, name) in path {
            guard let next = element.child(namespace, name) else { return nil }
            element = next
        }
        return element
    }

    /// The text trimmed of surrounding white space.
    var trimmedText: String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// The namespaces CalDAV speaks.
enum DAVNamespace {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
}

/// Reads an XML document into `DAVElement`s.
enum DAVXML {
    /// Why a document cannot be read, and where.
    struct Problem: Error, Sendable {
        var message: String
    }

    /// The most elements nested in one another (a multistatus needs six or seven).
    static let maxDepth = 64

    /// The root element of `bytes`.
    static func parse(_ bytes: [UInt8]) throws(Problem) -> DAVElement {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    private struct Open {
        var element: DAVElement
        var qualifiedName: ArraySlice<UInt8>
        var prefixes: [String: String]
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws(Problem) -> DAVElement {
            var stack: [Open] = []
            var root: DAVElement?
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    if !stack.isEmpty {
                        stack[stack.count - 1].element.text += try decode(bytes[start..<index])
                    } else if bytes[start..<index].contains(where: { !Self.isSpace($0) }) {
                        throw problem("text outside the root element", at: start)
                    }
                    continue
                }
                if starts("<!--") {
                    try skip(past: "-->")
                } else if starts("<![CDATA[") {
                    guard !stack.isEmpty else { throw problem("CDATA outside the root element", at: index) }
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    stack[stack.count - 1].element.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                } else if starts("<?") {
                    try skip(past: "?>")
                } else if starts("<!") {
                    throw problem("a document type declaration is not accepted", at: index)
                } else if starts("</") {
                    index += 2
                    let name = self.name()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw problem("unclosed end tag", at: index) }
                    index += 1
                    guard let open = stack.popLast(), open.qualifiedName == name else {
                        throw problem("end tag </\(String(decoding: name, as: UTF8.self))> does not match", at: index)
                    }
                    if stack.isEmpty {
                        root = open.element
                    } else {
                        stack[stack.count - 1].element.children.append(open.element)
                    }
                } else {
                    guard root == nil else { throw problem("a second root element", at: index) }
                    guard stack.count < maxDepth else { throw problem("elements nested deeper than \(maxDepth)", at: index) }
                    let (open, empty) = try startTag(inherited: stack.last?.prefixes ?? [:])
                    if !empty {
                        stack.append(open)
                    } else if stack.isEmpty {
                        root = open.element
                    } else {
                        stack[stack.count - 1].element.children.append(open.element)
                    }
                }
            }
            guard stack.isEmpty, let root else { throw problem("the document ends before its root element is closed", at: index) }
            return root
        }

        /// A start tag at `index`: the element, its namespace scope, and whether it closes itself.
        private mutating func startTag(inherited: [String: String]) throws(Problem) -> (Open, Bool) {
            let tagStart = index
            index += 1
            let qualified = name()
            guard !qualified.isEmpty else { throw problem("a tag without a name", at: tagStart) }
            var prefixes = inherited
            var attributes: [String: String] = [:]
            var empty = false
            while true {
                skipSpace()
                guard index < bytes.count else { throw problem("unclosed start tag", at: tagStart) }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if starts("/>") {
                    index += 2
                    empty = true
                    break
                }
                let attribute = String(decoding: name(), as: UTF8.self)
                guard !attribute.isEmpty else { throw problem("a malformed attribute", at: index) }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw problem("an attribute without a value", at: index) }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw problem("an attribute value without quotes", at: index)
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw problem("unclosed attribute value", at: start) }
                let value = try decode(bytes[start..<index])
                index += 1
                if attribute == "xmlns" {
                    prefixes[""] = value
                } else if attribute.hasPrefix("xmlns:") {
                    prefixes[String(attribute.dropFirst(6))] = value
                } else {
                    attributes[String(attribute.split(separator: ":").last ?? "")] = value
                }
            }
            let text = String(decoding: qualified, as: UTF8.self)
            let (prefix, local) =
                if let colon = text.firstIndex(of: ":") { (String(text[..<colon]), String(text[text.index(after: colon)...])) } else {
                    ("", text)
                }
            guard let namespace = prefixes[prefix] ?? (prefix.isEmpty ? "" : nil) else {
                throw problem("the prefix \"\(prefix)\" is not declared", at: tagStart)
            }
            let element = DAVElement(namespace: namespace, name: local, attributes: attributes)
            return (Open(element: element, qualifiedName: qualified, prefixes: prefixes), empty)
        }

        private mutating func name() -> ArraySlice<UInt8> {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
                index += 1
            }
            return bytes[start..<index]
        }

        private func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
        }

        private mutating func skip(past end: StaticString) throws(Problem) {
            let start = index
            while index < bytes.count {
                if starts(end) {
                    index += end.utf8CodeUnitCount
                    return
                }
                index += 1
            }
            throw problem("unclosed \(end)", at: start)
        }

        private mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        /// `raw` with its entity and character references decoded.
        private func decode(_ raw: ArraySlice<UInt8>) throws(Problem) -> String {
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var position = raw.startIndex
            while position < raw.endIndex {
                guard raw[position] == UInt8(ascii: "&") else {
                    out.append(raw[position])
                    position += 1
                    continue
                }
                guard let semicolon = raw[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw problem("a bare \"&\"", at: position)
                }
                let entity = String(decoding: raw[(position + 1)..<semicolon], as: UTF8.self)
                let scalar: Unicode.Scalar? =
                    switch entity {
                    case "lt": "<"
                    case "gt": ">"
                    case "amp": "&"
                    case "quot": "\""
                    case "apos": "'"
                    default:
                        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                            UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                        } else if entity.hasPrefix("#") {
                            UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                        } else {
                            nil
                        }
                    }
                guard let scalar else { throw problem("an unknown entity &\(entity);", at: position) }
                out += Array(String(Character(scalar)).utf8)
                position = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        private func problem(_ what: String, at offset: Int) -> Problem {
            Problem(message: "\(what) at byte \(offset)")
        }
    }
}
