#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard output and standard error with `write(2)`, reporting failures
/// (a full disk, a closed pipe) instead of crashing as `FileHandle.write` does.
/// Core's one piece of I/O: every program and the stdout channel share it.
public enum StandardStreams {
    /// Writes all of `text` to `fd`; returns nil, or what went wrong (`No space left on device`).
    public static func write(_ text: String, to fd: Int32) -> String? {
        writeCounting(text, to: fd).error
    }

    /// Writes all of `text` to `fd`; returns how many bytes went out, and what went wrong
    /// when not all of them did (a pipe closed halfway: the lines before it were written).
    public static func writeCounting(_ text: String, to fd: Int32) -> (written: Int, error: String?) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return (offset, String(cString: strerror(errno)))
            }
            offset += written
        }
        return (offset, nil)
    }

    /// Makes a closed pipe an error that `write` reports (EPIPE) rather than a signal that
    /// kills the process mid-run (`deliver | head -1`).
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
