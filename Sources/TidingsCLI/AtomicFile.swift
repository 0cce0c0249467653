import Foundation

/// Writes files so that a reader sees the old content or the new, never half of it.
public enum AtomicFile {
    /// Writes `text` to a temporary file beside `path`, then renames it over `path`.
    public static func write(_ text: String, to path: String) throws(CLIError) {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]) else {
            throw CLIError.failed("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError.failed("cannot replace \(path): \(reason)")
        }
    }
}
