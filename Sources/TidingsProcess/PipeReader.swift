import Foundation

/// What the first line of a pipe brought.
public enum FirstLine: Sendable, Equatable {
    /// The line, without its newline (or all there was, when the pipe ended without one).
    case line(String)
    /// The pipe ended with nothing in it.
    case endOfFile
    /// Nothing whole arrived before the deadline.
    case deadline
}

/// Reading the pipe from a child under a deadline, without blocking past it.
public enum PipeReader {
    /// Reads up to the first newline of `fd`, or to its end, giving up at `deadline`.
    public static func firstLine(_ fd: Int32, until deadline: ContinuousClock.Instant) -> FirstLine {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            guard wait(fd, until: deadline) else { return .deadline }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes.isEmpty ? .endOfFile : .line(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(contentsOf: chunk[..<count])
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return .line(String(decoding: bytes[..<newline], as: UTF8.self))
            }
        }
    }

    /// Everything `fd` gives up to its end, or nil when it is still open at `deadline` or
    /// gives more than `limit` bytes.
    public static func all(_ fd: Int32, until deadline: ContinuousClock.Instant, limit: Int) -> [UInt8]? {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            guard wait(fd, until: deadline) else { return nil }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? output : nil }
            output.append(contentsOf: chunk[..<count])
            if output.count > limit { return nil }
        }
    }

    /// Waits until `fd` can be read (or has ended); false when `deadline` came first.
    private static func wait(_ fd: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // let read() report the error
        }
    }
}
