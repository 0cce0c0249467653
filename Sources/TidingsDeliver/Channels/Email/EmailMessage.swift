import Crypto
import Foundation
import TidingsCore

/// The RFC 5322 message one notification becomes for an e-mail target.
///
/// Headers: `Message-ID` (stable for a notification's version, so a re-sent message is the same
/// message), `Date` (the send time in the user's zone), `From`, `To`, `Subject` (the title, as
/// RFC 2047 encoded-words when it is not plain ASCII), `MIME-Version`, `Content-Type:
/// text/plain; charset=utf-8`, `Content-Transfer-Encoding: quoted-printable` and
/// `Auto-Submitted: auto-generated`. An update in place also carries `In-Reply-To` and
/// `References` naming the first version's Message-ID, so mail clients show it in the same thread.
/// Each string member of the content's `data` object becomes an `X-Tidings-<Name>` header
/// (see `dataHeaders`).
/// The body holds the text, the link and the due time. Every header value built from content is
/// one line: CR, LF and other control characters become spaces, so nothing can add a header.
public struct EmailMessage: Sendable, Equatable {
    /// The header lines, in order, each without its CRLF.
    public var headers: [(name: String, value: String)]
    /// The body as sent (quoted-printable, CRLF line ends).
    public var body: String
    /// This message's `Message-ID`, brackets included.
    public var messageID: String

    public static func == (lhs: EmailMessage, rhs: EmailMessage) -> Bool {
        lhs.messageID == rhs.messageID && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// The message for `item` from `from` to `to`, sent at `now`, times shown in `zone`.
    public init(item: Message, from: String, to: [String], domain: String, now: EpochMillis, zone: Zone) {
        messageID = Self.messageID(key: item.idempotencyKey, domain: domain)
        var headers: [(name: String, value: String)] = [
            ("Message-ID", messageID),
            ("Date", Self.date(now, zone: zone)),
            ("From", Self.headerValue(from)),
            ("To", to.map(Self.headerValue).joined(separator: ", ")),
            ("Subject", Self.encodedWords(Self.headerValue(item.title))),
        ]
        if item.isUpdate {
            let first = Self.messageID(key: item.id, domain: domain)
            headers.append(("In-Reply-To", first))
            headers.append(("References", first))
        }
        headers += Self.dataHeaders(item.data)
        headers += [
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Transfer-Encoding", "quoted-printable"),
            ("Auto-Submitted", "auto-generated"),
        ]
        self.headers = headers
        var text = item.body
        if let link = item.link { text += "\n\n" + link }
        let (day, second) = zone.local(item.dueAt)
        text += "\n\n" + "\(day) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2)) (\(zone.identifier))"
        body = Self.quotedPrintable(text)
    }

    /// The whole message, CRLF line ends, ready for SMTP's DATA.
    public var bytes: [UInt8] {
        var text = ""
        for (name, value) in headers {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n" + body
        return Array(text.utf8)
    }

    /// `<32 hex digits of SHA-256(key)@domain>`: the same key always gives the same id.
    public static func messageID(key: String, domain: String) -> String {
        let digest = SHA256.hash(data: Array(key.utf8))
        let hex = digest.prefix(16).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
        let cleanDomain =
            domain.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && !"<>@".unicodeScalars.contains($0) })
                && !domain.isEmpty ? domain : "tidings.local"
        return "<\(hex)@\(cleanDomain)>"
    }

    /// The headers the content's `data` object gives: one `X-Tidings-<Name>: <value>` per
    /// member whose value is a string, in the name's order, at most `maxDataHeaders`. A name
    /// must be 1–40 letters, digits, `-` or `_` (anything else could end the header name); a
    /// value is one line, encoded as the subject is when not plain ASCII, cut to 200
    /// characters. Numbers, booleans, arrays and objects have no header form and are left out.
    static func dataHeaders(_ data: String?) -> [(name: String, value: String)] {
        guard let data, let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else { return [] }
        var headers: [(name: String, value: String)] = []
        for name in object.keys.sorted() where headers.count < maxDataHeaders {
            guard let value = object[name] as? String, isHeaderNamePart(name) else { continue }
            let line = headerValue(String(value.prefix(200)))
            headers.append(("X-Tidings-" + name, encodedWords(line)))
        }
        return headers
    }

    /// How many `X-Tidings-*` headers a message carries at most.
    static let maxDataHeaders = 16

    private static func isHeaderNamePart(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count)
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            }
    }

    /// RFC 5322's date: `Sun, 22 Nov 2026 07:30:00 +0100`, in `zone`.
    static func date(_ instant: EpochMillis, zone: Zone) -> String {
        let (date, second) = zone.local(instant)
        let offset = zone.offset(atEpochSeconds: instant >= 0 ? instant / 1000 : -((-instant + 999) / 1000))
        let dayNumber = date.dayNumber
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[((dayNumber % 7) + 7) % 7]
        let sign = offset < 0 ? "-" : "+"
        let zoneText = sign + LocalDate.pad(abs(offset) / 3600, 2) + LocalDate.pad(abs(offset) / 60 % 60, 2)
        let time = "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2)):\(LocalDate.pad(second % 60, 2))"
        return "\(weekday), \(date.day) \(months[date.month - 1]) \(date.year) \(time) \(zoneText)"
    }

    /// `text` as one header line: control and line-separator characters become spaces, trimmed.
    public static func headerValue(_ text: String) -> String {
        WebhookBody.headerValue(text)
    }

    /// `text` as it may stand in a header: as is when it is printable ASCII without `=?`,
    /// else RFC 2047 encoded-words (`=?UTF-8?B?…?=`) of at most 75 characters each, folded
    /// onto continuation lines, never splitting a character.
    public static func encodedWords(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        if plain, !text.contains("=?"), text.utf8.count <= 900 { return text }
        // 75 characters at most: "=?UTF-8?B?" and "?=" take 12, leaving 63 for base64, which
        // holds 45 bytes (15 groups of 3; 16 groups would need 64 characters).
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// `text` in quoted-printable (RFC 2045): lines ended by CRLF, none longer than 76
    /// characters, `=`, bytes outside printable ASCII, a line's leading `.` and trailing white
    /// space encoded.
    public static func quotedPrintable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var out = ""
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            var encoded = ""
            var length = 0
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal =
                    (byte >= 0x21 && byte <= 0x7E && byte != 0x3D && !(byte == 0x2E && index == 0))
                    || ((byte == 0x20 || byte == 0x09) && !isLast)
                let piece = literal ? String(UnicodeScalar(byte)) : "=" + hex(byte)
                // A soft line break (`=` at the end) keeps every line at 76 characters at most.
                if length + piece.count > 75 {
                    out += encoded + "=\r\n"
                    encoded = ""
                    length = 0
                }
                // A dot opening a continuation line is encoded too, as SMTP reads it specially.
                let adjusted = (length == 0 && byte == 0x2E) ? "=2E" : piece
                encoded += adjusted
                length += adjusted.count
            }
            out += encoded + "\r\n"
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
