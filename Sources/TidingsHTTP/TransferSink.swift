/// Collects one hop's response headers and body as libcurl delivers them, enforcing the body cap.
final class TransferSink {
    let maxBodyBytes: Int
    private(set) var body: [UInt8] = []
    private(set) var headers: [(name: String, value: String)] = []
    /// Set when the body would have grown past `maxBodyBytes`; the transfer was then aborted.
    private(set) var exceededLimit = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Appends decoded body bytes; returns false to make libcurl abort with CURLE_WRITE_ERROR.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maxBodyBytes - body.count else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Records one raw header line as libcurl delivers it, CRLF included.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var line = String(decoding: bytes, as: UTF8.self)
        while line.last == "\r\n" || line.last == "\n" || line.last == "\r" {
            line.removeLast()
        }
        // The header callback sees every response of the transfer, including 1xx interim ones
        // (100 Continue, 103 Early Hints); a new status line starts the headers over.
        if line.hasPrefix("HTTP/") {
            headers.removeAll()
            return
        }
        if line.first == " " || line.first == "\t", let last = headers.popLast() {
            // An obsolete folded continuation line belongs to the previous header's value.
            headers.append((last.name, last.value + " " + line.trimmingSpaces()))
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingSpaces()
        let value = String(line[line.index(after: colon)...]).trimmingSpaces()
        guard !name.isEmpty else { return }
        headers.append((name, value))
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
