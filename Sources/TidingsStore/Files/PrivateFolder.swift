import Foundation

/// The one way Tidings creates a folder (config, state, cache, media, logs, timers): private
/// to the user, mode 0700, whatever the umask.
public enum PrivateFolder {
    /// Creates `path` and each missing folder above it, every one of them mode 0700; folders
    /// already there are left as they are. The mode is set with `chmod` after `mkdir`, since
    /// `mkdir`'s mode passes through the umask (under `umask 000` a plain create would
    /// leave `~/.config/tidings` writable by everyone). Another process creating the same
    /// folder at the same moment is no error.
    public static func create(_ path: String) throws(FolderError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !isFolder(current) {
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o700) != 0 {
                let code = errno
                guard code == EEXIST, isFolder(folder) else {
                    throw FolderError(path: folder, message: String(cString: strerror(code)))
                }
                continue
            }
            guard chmod(folder, 0o700) == 0 else {
                throw FolderError(path: folder, message: "cannot make it private: \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// A folder that could not be created.
public struct FolderError: Error, Sendable, CustomStringConvertible {
    /// The folder that failed (the path asked for, or a folder above it).
    public var path: String
    /// Why, lower-case (`strerror`'s words).
    public var message: String

    /// An error for `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `cannot create /path: Permission denied`.
    public var description: String { "cannot create \(path): \(message)" }
}
