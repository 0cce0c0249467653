import Crypto
import Foundation
import TidingsCore

/// The folder of mirrored images (`$XDG_CACHE_HOME/tidings/media/`): one file per media URL,
/// named by the SHA-256 of the URL plus the image's extension, kept under a quota by
/// deleting the least recently used first. A file's modification time is the moment it was
/// last used, which `prefetch` and `deliver` set from their clock.
public struct MediaCache: Sendable {
    /// The folder.
    public let folder: String

    /// A cache in `folder` (created when the first image is stored).
    public init(folder: String) { self.folder = folder }

    /// One image in the cache.
    public struct File: Sendable, Equatable {
        /// Its name in the folder: `<64 hex digits>.<ext>`.
        public var name: String
        /// Its absolute path.
        public var path: String
        /// Its size in bytes.
        public var size: Int64
        /// When it was last used (its modification time).
        public var usedAt: EpochMillis
    }

    /// The name the image of `url` has in the cache when it is of `type`.
    public static func name(for url: String, type: ImageType) -> String {
        SHA256.hash(data: Array(url.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined() + "." + type.fileExtension
    }

    /// The cached image of `url`, or nil when there is none. A few `stat` calls, no reads.
    public func file(for url: String) -> File? {
        for type in ImageType.allCases {
            let name = Self.name(for: url, type: type)
            if let file = file(named: name) { return file }
        }
        return nil
    }

    /// Stores `bytes`, the image of `url`, atomically (a temporary file renamed into place),
    /// private to the user, used at `now`.
    @discardableResult
    public func store(_ bytes: [UInt8], for url: String, type: ImageType, now: EpochMillis) throws(MediaError) -> File {
        do {
            try PrivateFolder.create(folder)
        } catch {
            throw MediaError(message: error.description)
        }
        let name = Self.name(for: url, type: type)
        let path = folder + "/" + name
        let temporary = folder + "/.\(name).tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw MediaError(message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw MediaError(message: "cannot write \(path): \(reason)")
        }
        markUsed(path, at: now)
        return File(name: name, path: path, size: Int64(bytes.count), usedAt: now)
    }

    /// Records that the file at `path` was used at `now`. Best effort.
    public func markUsed(_ path: String, at now: EpochMillis) {
        let seconds = now.quotientAndRemainder(dividingBy: 1000)
        let stamp = timespec(tv_sec: Int(seconds.quotient), tv_nsec: Int(seconds.remainder) * 1_000_000)
        let times = [stamp, stamp]
        _ = utimensat(AT_FDCWD, path, times, 0)
    }

    /// Every image in the folder, least recently used first (ties by name); temporary files
    /// and anything not named like a cached image are left out.
    public func files() -> [File] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.compactMap(file(named:)).sorted { ($0.usedAt, $0.name) < ($1.usedAt, $1.name) }
    }

    /// Deletes the least recently used images until the folder holds at most `quota` bytes;
    /// returns the deleted ones.
    @discardableResult
    public func evict(toQuota quota: Int64) -> [File] {
        let all = files()
        var total = all.reduce(0) { $0 + $1.size }
        var deleted: [File] = []
        for file in all where total > quota {
            guard unlink(file.path) == 0 || errno == ENOENT else { continue }
            total -= file.size
            deleted.append(file)
        }
        return deleted
    }

    /// The file `name` when it is a regular file named like a cached image.
    private func file(named name: String) -> File? {
        guard Self.isImageName(name) else { return nil }
        let path = folder + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let usedAt = EpochMillis(info.st_mtim.tv_sec) * 1000 + EpochMillis(info.st_mtim.tv_nsec / 1_000_000)
        return File(name: name, path: path, size: Int64(info.st_size), usedAt: usedAt)
    }

    /// `<64 lower-case hex digits>.<png|jpg|gif|webp>`.
    static func isImageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].utf8.count == 64
            && parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            && ImageType.allCases.contains { $0.fileExtension == parts[1] }
    }
}

/// Why an image could not be stored.
public struct MediaError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, lower-case.
    public var message: String

    /// An error.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
