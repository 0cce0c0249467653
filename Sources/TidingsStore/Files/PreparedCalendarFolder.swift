import Foundation
import TidingsCore

/// The folder of prepared calendars (`$XDG_CACHE_HOME/tidings/calendars/`): one file per
/// calendar source, named by the FNV-1a hash of the source's name, holding its cached ICS
/// parsed once (see `PreparedCalendar` in TidingsCalendar, which checks that a file belongs
/// to the text it is used for). Only a shortcut: a file that cannot be read or written
/// costs a parse of the ICS, nothing more, and deleting the folder loses nothing.
public struct PreparedCalendarFolder: Sendable {
    /// The folder.
    public let folder: String

    /// The folder `folder` (created when the first form is kept).
    public init(folder: String) { self.folder = folder }

    /// The path of the prepared form of `source`.
    public func path(of source: String) -> String {
        folder + "/" + StableHash.hex(source) + ".prepared"
    }

    /// The bytes kept for `source`, nil when there are none or they cannot be read.
    public func load(_ source: String) -> [UInt8]? {
        // Read straight into the array: a 10 MB calendar is not held twice.
        let descriptor = open(path(of: source), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= Self.maxBytes else { return nil }
        let size = Int(info.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                guard got > 0 else { break }
                count += got
            }
        }
        return bytes.count == size ? bytes : nil
    }

    /// The largest file read: a prepared form is about the size of its calendar (10 MiB at
    /// most), and a bigger file is not one.
    static let maxBytes = 64 << 20

    /// Keeps `bytes` for `source` atomically (a temporary file renamed into place), private
    /// to the user; false when that failed (nothing is left behind).
    @discardableResult
    public func store(_ bytes: [UInt8], for source: String) -> Bool {
        guard (try? PrivateFolder.create(folder)) != nil else { return false }
        let path = path(of: source)
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            return false
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
