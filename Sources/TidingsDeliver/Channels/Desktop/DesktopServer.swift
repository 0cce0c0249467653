import TidingsCore

/// What the notification daemon says about itself (`GetServerInformation`, `GetCapabilities`).
public struct DesktopServer: Sendable, Equatable {
    /// The daemon's name, such as `dunst`.
    public var name: String
    /// Who makes it.
    public var vendor: String
    /// Its version.
    public var version: String
    /// The version of the notification spec it implements.
    public var specVersion: String
    /// The optional features it announced (`actions`, `body-markup`, …).
    public var capabilities: [String]

    /// A description of a daemon.
    public init(name: String, vendor: String, version: String, specVersion: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    /// Whether the daemon shows buttons and reports which one was invoked.
    public var supportsActions: Bool { capabilities.contains("actions") }
    /// Whether the daemon reads the body as markup, so `&`, `<` and `>` must be escaped.
    public var supportsBodyMarkup: Bool { capabilities.contains("body-markup") }

    /// The `server` object of the channel's platform info.
    var json: String {
        var json = JSONLine()
        json.add("name", name)
        json.add("vendor", vendor)
        json.add("version", version)
        json.add("specVersion", specVersion)
        return json.string
    }
}

/// Reads the GVariant text that `gdbus call` prints, such as `('dunst', 'knopwob', '1.9.0', '1.2')`
/// or `(['actions', 'body'],)`.
enum GVariantText {
    /// Every string literal in `text`, in order, unescaped.
    static func strings(in text: String) -> [String] {
        var result: [String] = []
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            // GVariant prints a string in single quotes, or in double quotes when it holds a
            // single quote; the other quote character then needs no escape.
            guard scalar == "'" || scalar == "\"" else { continue }
            var string = String.UnicodeScalarView()
            while let next = scalars.next(), next != scalar {
                guard next == "\\", let escaped = scalars.next() else {
                    string.append(next)
                    continue
                }
                string.append(contentsOf: unescape(escaped, rest: &scalars).unicodeScalars)
            }
            result.append(String(string))
        }
        return result
    }

    /// The first boolean in `text`: `(true,)` reads true; nil when there is none.
    static func boolean(in text: String) -> Bool? {
        if text.contains("true") { return true }
        if text.contains("false") { return false }
        return nil
    }

    private static func unescape(_ scalar: Unicode.Scalar, rest: inout String.UnicodeScalarView.Iterator) -> String {
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "u", "U":
            var hex = ""
            for _ in 0..<(scalar == "u" ? 4 : 8) {
                guard let digit = rest.next() else { break }
                hex.unicodeScalars.append(digit)
            }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String($0) } ?? ""
        default: return String(scalar)
        }
    }
}
