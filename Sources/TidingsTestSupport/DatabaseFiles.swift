import Foundation
@_spi(Testing) import TidingsStore

/// The bytes and modification times of a database file and its WAL, to show that a run
/// wrote neither. (The -shm index is left out: every reader of a WAL database marks it.)
public struct DatabaseFiles: Equatable, Sendable, CustomStringConvertible {
    /// Each file there (the database, its -wal), with its bytes and mtime in nanoseconds.
    public let files: [String: Stamp]

    /// One file's bytes and modification time.
    public struct Stamp: Equatable, Sendable {
        /// The file's contents.
        public let bytes: Data
        /// Its modification time, in nanoseconds since 1970.
        public let modified: Int
    }

    /// Reads the database at `path` and its -wal as they are now.
    public init(path: String) {
        var files: [String: Stamp] = [:]
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0, let bytes = FileManager.default.contents(atPath: file) else { continue }
            files[file] = Stamp(bytes: bytes, modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
        }
        self.files = files
    }

    /// The files, their sizes and times.
    public var description: String {
        files.keys.sorted().map { "\($0): \(files[$0]!.bytes.count) bytes, mtime \(files[$0]!.modified)" }.joined(separator: "; ")
    }
}

extension TemporaryDirectory {
    /// A database in this folder with only the first `migrations` of this build's schema, as
    /// an older Tidings left it.
    public func olderDatabase(_ name: String = "tidings.sqlite", migrations: Int) throws -> String {
        try TidingsDatabase.createOlder(path: file(name), migrations: migrations)
        return file(name)
    }
}
