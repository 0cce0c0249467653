import TidingsCalendar
import TidingsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A calendar source whose `file:` URL names a folder: a vdir (khal, vdirsyncer), one `.ics`
/// file per event, read as one calendar. Names starting with a dot (a sync tool's temporary
/// files) are left out; the files are read in name order.
struct CalendarFolder {
    /// The folder's path.
    let path: String

    /// The folder a calendar source's `url` names, or nil when it names none (a file, another scheme).
    init?(url: String) {
        guard let path = Self.path(ofFileURL: url) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        self.path = path
    }

    /// What fetching the folder found: its `.ics` files' names, sizes and change times.
    struct Listing {
        var names: [String]
        /// Changes whenever a file is added, removed, renamed or written.
        var fingerprint: String
    }

    /// The folder's `.ics` files, or the system's reason it cannot be read.
    func list() -> Result<Listing, FolderError> {
        guard let directory = opendir(path) else { return .failure(FolderError("cannot read the folder \(path): \(Self.systemError())")) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), name.lowercased().hasSuffix(".ics") { names.append(name) }
        }
        names.sort()
        var key = ""
        for name in names {
            var info = stat()
            guard stat(path + "/" + name, &info) == 0 else { continue }
            key += "\(name)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\u{0}"
        }
        return .success(Listing(names: names, fingerprint: "\"folder-\(StableHash.hex(key))\""))
    }

    /// The files of `listing` joined into one calendar (see `ICSFolderMerge`), at most `maxBytes`
    /// of them, and a line for each file left out.
    func read(_ listing: Listing, maxBytes: Int) -> Result<(bytes: [UInt8], skipped: [String]), FolderError> {
        var files: [ICSFolderMerge.File] = []
        var total = 0
        var skipped: [String] = []
        for name in listing.names {
            switch Self.contents(of: path + "/" + name, limit: maxBytes - total) {
            case .success(let bytes):
                total += bytes.count
                files.append(ICSFolderMerge.File(name: name, bytes: bytes))
            case .failure(let error) where error.tooLarge:
                return .failure(FolderError("the folder's calendars are larger than \(maxBytes) bytes (10 mib) together", tooLarge: true))
            case .failure(let error):
                skipped.append("file \(name): \(error.message), skipped")
            }
        }
        let merged = ICSFolderMerge.merge(files)
        return .success((merged.bytes, skipped + merged.skipped))
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    private static func contents(of path: String, limit: Int) -> Result<[UInt8], FolderError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FolderError(systemError())) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FolderError(systemError()))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .failure(FolderError("too large", tooLarge: true)) }
        }
    }

    /// The path of a local `file:` URL, percent-decoded.
    static func path(ofFileURL url: String) -> String? {
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("file://localhost/") {
            rest = url.dropFirst("file://localhost".count)
        } else if lower.hasPrefix("file:///") {
            rest = url.dropFirst("file://".count)
        } else if lower.hasPrefix("file:/"), !lower.hasPrefix("file://") {
            rest = url.dropFirst("file:".count)
        } else {
            return nil
        }
        guard var path = percentDecoded(rest) else { return nil }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func systemError() -> String { String(cString: strerror(errno)).lowercased() }
}

/// Why a calendar folder cannot be read.
struct FolderError: Error {
    var message: String
    var tooLarge = false

    init(_ message: String, tooLarge: Bool = false) {
        self.message = message
        self.tooLarge = tooLarge
    }
}
