import Foundation

/// Writes files so that a reader sees the old content or the new, never half of it.
public enum AtomicFile {
    /// Writes `text` to a temporary file beside `path`, then renames it over `path`. A symbolic
    /// link at `path` (a dotfile manager's) stays: the file it points to is replaced. An
    /// existing file keeps its permissions; a new one gets `newFileMode`.
    public static func write(_ text: String, to path: String, newFileMode: mode_t = 0o644) throws(FileWriteError) {
        let target = resolved(path)
        var status = stat()
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : newFileMode
        let temporary = target + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw FileWriteError("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        // The mode is set after creating, so that the umask cannot narrow or widen it.
        if failure == 0, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw FileWriteError("cannot write \(temporary): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileWriteError("cannot replace \(target): \(reason)")
        }
    }

    /// `path` with its symbolic links followed when it exists; else `path` itself.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

/// A file that could not be written (`cannot write /path.tmp-42: No space left on device`).
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
