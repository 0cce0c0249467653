import Foundation
import TidingsCore

/// A file beside the database whose modification time is all it holds: when something last
/// happened (`deliver` last succeeded idle, last pinged its watcher). Setting it is one
/// `utimensat` call once the file exists; reading it is one `stat`.
public enum StampFile {
    /// Sets the time of the file at `path` to `now`, creating it (0600) when it is missing;
    /// the system's reason when it cannot.
    public static func touch(_ path: String, at now: EpochMillis) -> String? {
        let seconds = now.quotientAndRemainder(dividingBy: 1000)
        let instant = timespec(
            tv_sec: time_t(seconds.remainder < 0 ? seconds.quotient - 1 : seconds.quotient),
            tv_nsec: Int((seconds.remainder < 0 ? seconds.remainder + 1000 : seconds.remainder) * 1_000_000))
        var times = [instant, instant]
        if utimensat(AT_FDCWD, path, &times, 0) == 0 { return nil }
        var code = errno
        if code == ENOENT {
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            code = errno
            if fd >= 0 {
                let touched = futimens(fd, &times) == 0
                code = errno
                close(fd)
                if touched { return nil }
            }
        }
        return String(cString: strerror(code))
    }

    /// The time of the file at `path`, nil when there is none (or it cannot be read).
    public static func time(_ path: String) -> EpochMillis? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return EpochMillis(info.st_mtim.tv_sec) * 1000 + EpochMillis(info.st_mtim.tv_nsec / 1_000_000)
    }
}
