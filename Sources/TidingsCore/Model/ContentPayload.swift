import Foundation

/// Decodes and validates a content feed: one `NotificationContent v1` object,
/// or `{"version": 1, "items": [...]}`.
public enum ContentPayload {
    /// Longest title accepted, in characters after trimming (`TextLimit.title` also bounds its bytes).
    public static let maxTitleLength = TextLimit.title.characters
    /// Longest body accepted, in characters after trimming (`TextLimit.body` also bounds its bytes).
    public static let maxBodyLength = TextLimit.body.characters
    /// Most items one payload may carry.
    public static let maxItems = 1000

    /// Decodes `bytes`, stamping every item with `fetchTime`; throws a `ContentError` naming the field at fault.
    public static func decode(_ bytes: [UInt8], fetchTime: EpochMillis) throws(ContentError) -> [NotificationContent] {
        let raw: [RawContent]
        do {
            raw = try ContentError.decodingJSON(Envelope.self, from: bytes).items
        } catch  where error.path.isEmpty && error.message.hasPrefix("expected ") {
            // The decoder would say "expected dictionary<string, any>": say what a feed is.
            throw ContentError(path: "", message: shapeProblem(found: bytes))
        }
        if raw.isEmpty { throw ContentError(path: "items", message: "no items") }
        if raw.count > maxItems { throw ContentError(path: "items", message: "more than \(maxItems) items (\(raw.count))") }
        var seen = Set<String>()
        var items: [NotificationContent] = []
        for (index, entry) in raw.enumerated() {
            let path = raw.count == 1 && !entry.fromList ? "" : "items[\(index)]."
            let item = try entry.validated(path: path, fetchTime: fetchTime)
            guard seen.insert(item.id).inserted else {
                throw ContentError(path: path + "id", message: "duplicate id \"\(item.id)\"")
            }
            items.append(item)
        }
        return items
    }
}

extension ContentPayload {
    /// What a feed must be, and what `bytes` holds instead (its first character tells).
    static func shapeProblem(found bytes: [UInt8]) -> String {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let found =
            switch first {
            case UInt8(ascii: "["): "an array"
            case UInt8(ascii: "\""): "a string"
            case UInt8(ascii: "t"), UInt8(ascii: "f"): "true or false"
            case UInt8(ascii: "n"): "null"
            default: "a number"
            }
        return "a content feed is one JSON object: an item {\"id\", \"title\", \"body\", \"scheduledTime\"} or a list "
            + "{\"version\": 1, \"items\": [item, …]}; found \(found) (the format: docs/content.md, \"The content format\")"
    }
}

/// Why a content payload was refused: the field (`items[2].title`) and what is wrong.
public struct ContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the field at fault, empty for the whole document.
    public var path: String
    /// What is wrong, lower-case.
    public var message: String

    /// Creates an error for a field.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `bytes` decoded as UTF-8 JSON into `type`; any failure a `ContentError` naming the
    /// field at fault (a validation inside `init(from:)` throws its own).
    static func decodingJSON<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(ContentError) -> T {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ContentError(path: "", message: "not valid UTF-8")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as ContentError {
            throw error
        } catch let error as DecodingError {
            throw ContentError(decoding: error)
        } catch {
            throw ContentError(path: "", message: "not JSON: \(error.localizedDescription)")
        }
    }

    init(decoding error: DecodingError) {
        func render(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                .joined().trimmingPrefix(".").description
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: render(context.codingPath + [key]), message: "missing")
        case .typeMismatch(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(ContentError.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: render(context.codingPath), message: "expected \(ContentError.describe(type)), found null")
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            self.init(path: render(context.codingPath), message: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
        @unknown default:
            self.init(path: "", message: "not valid JSON")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int64.Type, is Int.Type: "an integer"
        case is [Any].Type: "an array"
        default: "\(type)".lowercased()
        }
    }

    /// `items[2].title: longer than 80 characters`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

private struct Envelope: Decodable {
    var items: [RawContent]

    enum CodingKeys: String, CodingKey { case version, items }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.items) {
            let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            guard version == 1 else { throw ContentError(path: "version", message: "unsupported version \(version), expected 1") }
            items = try container.decode([RawContent].self, forKey: .items).map {
                var item = $0
                item.fromList = true
                return item
            }
        } else {
            items = [try RawContent(from: decoder)]
        }
    }
}

private struct RawContent: Decodable {
    var id: String
    var title: String
    var body: String
    var scheduledTime: Int64
    var mediaUrl: String?
    var deepLink: String?
    var expiresAt: Int64?
    var data: JSONValue?
    var fromList = false

    enum CodingKeys: String, CodingKey { case id, title, body, scheduledTime, mediaUrl, deepLink, expiresAt, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeID(forKey: .id).text
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        scheduledTime = try container.decode(Int64.self, forKey: .scheduledTime)
        mediaUrl = try container.decodeIfPresent(String.self, forKey: .mediaUrl)
        deepLink = try container.decodeIfPresent(String.self, forKey: .deepLink)
        expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt)
        // Any JSON is accepted here; plan keeps only a small object (`ContentData`).
        data = try container.decodeIfPresent(JSONValue.self, forKey: .data)
    }

    func validated(path: String, fetchTime: EpochMillis) throws(ContentError) -> NotificationContent {
        let id = TextSanitizer.clean(id)
        if id.isEmpty { throw ContentError(path: path + "id", message: "empty") }
        let title = TextSanitizer.clean(title)
        let body = TextSanitizer.clean(body)
        if title.isEmpty { throw ContentError(path: path + "title", message: "empty") }
        if let excess = TextLimit.title.excess(of: title) { throw ContentError(path: path + "title", message: excess) }
        if let excess = TextLimit.body.excess(of: body) { throw ContentError(path: path + "body", message: excess) }
        if scheduledTime < 0 { throw ContentError(path: path + "scheduledTime", message: "negative") }
        if let expiresAt, expiresAt <= scheduledTime {
            throw ContentError(path: path + "expiresAt", message: "not after scheduledTime")
        }
        if let mediaUrl, !LinkPolicy.isHTTPS(mediaUrl) {
            throw ContentError(path: path + "mediaUrl", message: "only https: media is accepted")
        }
        if let deepLink, let refusal = LinkPolicy.refusal(of: deepLink) {
            throw ContentError(path: path + "deepLink", message: refusal)
        }
        return NotificationContent(
            id: id, title: title, body: body, scheduledTime: scheduledTime,
            mediaUrl: mediaUrl, fetchTime: fetchTime, deepLink: deepLink, expiresAt: expiresAt,
            data: data.flatMap { $0 == .null ? nil : $0.compact }
        )
    }
}

extension KeyedDecodingContainer {
    /// An id, which producers send as a string or as a number (both name the same item), and
    /// the number when it was one.
    func decodeID(forKey key: Key) throws -> (text: String, number: Int64?) {
        if let number = try? decode(Int64.self, forKey: key) { return (String(number), number) }
        return (try decode(String.self, forKey: key), nil)
    }
}
