import Crypto

/// A resolved token or signing secret. It prints as `[redacted]` and mirrors no children, so
/// neither `print`, `dump` nor string interpolation can show it.
struct WebhookSecret: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret text; read only where a request is built or a reason is redacted.
    let value: String

    var description: String { "[redacted]" }
    var debugDescription: String { "[redacted]" }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// Signing: a receiver can check that a body came from this machine, unaltered and recent.
///
/// `X-Tidings-Timestamp` is the send time in unix seconds; `X-Tidings-Signature` is
/// `sha256=` followed by the lowercase hex HMAC-SHA256, keyed with the secret's UTF-8 bytes, of
/// the timestamp's digits, a `.`, and the body bytes exactly as sent. A receiver recomputes it,
/// compares in constant time and rejects old timestamps.
extension WebhookSecret {
    /// The timestamp header's name.
    static let timestampHeader = "X-Tidings-Timestamp"
    /// The signature header's name.
    static let signatureHeader = "X-Tidings-Signature"

    /// Both headers for `body` sent at `timestamp` (unix seconds), signed with this secret.
    func signatureHeaders(timestamp: Int64, body: [UInt8]) -> [WebhookBody.Header] {
        [
            WebhookBody.Header(Self.timestampHeader, String(timestamp)),
            WebhookBody.Header(Self.signatureHeader, signature(timestamp: timestamp, body: body)),
        ]
    }

    /// `sha256=<hex>` over `"<timestamp>.<body>"`.
    func signature(timestamp: Int64, body: [UInt8]) -> String {
        let key = SymmetricKey(data: Array(value.utf8))
        var message = Array("\(timestamp).".utf8)
        message.append(contentsOf: body)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return "sha256=" + Self.hex(Array(code))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Unix seconds of `now`, rounded down (also before 1970).
    static func unixSeconds(_ now: Int64) -> Int64 {
        now >= 0 ? now / 1000 : -((-now + 999) / 1000)
    }
}
