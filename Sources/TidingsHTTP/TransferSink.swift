/// Collects one hop's response headers and body as libcurl delivers them, enforcing the body cap.
final class TransferSink {
    let maxBodyBytes: Int
    private(set) var body: [UInt8] = []
    private(set) var headers: [(name: String, value: String)] = []
    /// Set when the body would have grown past `maxBodyBytes`; the transfer was then aborted.
    private(set) var exceededLimit = false
    /// When set, body bytes go here as they arrive instead of being kept (a stream); it
    /// returns false to end the transfer.
    var stream: ((UnsafeRawBufferPointer) -> Bool)?
    /// Set when `stream` ended the transfer.
    private(set) var streamEnded = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Appends decoded body bytes; returns false to make libcurl abort with CURLE_WRITE_ERROR.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let stream {
            let goOn = stream(bytes)
            if !goOn { streamEnded = true }
            return goOn
        }
        guard bytes.count <= maxBodyBytes - body.count else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Records one raw header line as libcurl delivers it, CRLF included.
    ///
    /// Works on the bytes: the separators are ASCII, and a webhook's answers bring a handful
    /// of lines each, thousands a run.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        // The header callback sees every response of the transfer, including 1xx interim ones
        // (100 Continue, 103 Early Hints); a new status line starts the headers over.
        if line.starts(with: "HTTP/".utf8) {
            headers.removeAll()
            return
        }
        if let first = line.first, isSpace(first), let last = headers.popLast() {
            // An obsolete folded continuation line belongs to the previous header's value.
            headers.append((last.name, last.value + " " + Self.trimmed(line, isSpace)))
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Self.trimmed(UnsafeRawBufferPointer(rebasing: line[..<colon]), isSpace)
        let value = Self.trimmed(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]), isSpace)
        guard !name.isEmpty else { return }
        headers.append((name, value))
    }

    /// The bytes without spaces and tabs at either end, decoded as UTF-8 (invalid sequences repaired).
    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ isSpace: (UInt8) -> Bool) -> String {
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start...last]), as: UTF8.self)
    }
}

/// CURLOPT_WRITEFUNCTION: hands decoded body bytes to the `TransferSink` in the userdata.
func transferSinkWriteBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let userdata else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(userdata).takeUnretainedValue()
    let total = size * count
    guard total > 0, let data else { return total }
    // Returning any count other than `total` makes libcurl stop with CURLE_WRITE_ERROR.
    return sink.receiveBody(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
}

/// CURLOPT_HEADERFUNCTION: hands each raw header line to the `TransferSink` in the userdata.
func transferSinkWriteHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let userdata else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(userdata).takeUnretainedValue()
    let total = size * count
    guard total > 0, let data else { return total }
    sink.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: total))
    return total
}
