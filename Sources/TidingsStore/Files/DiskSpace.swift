import Foundation
import TidingsCore

/// The free space of the file system that holds a path, and where that file system is mounted.
public struct DiskSpace: Sendable, Equatable {
    /// Bytes an unprivileged program may still write (`f_bavail`).
    public var available: Int64
    /// The mount point (`/`, `/home`), or the folder itself when it cannot be told.
    public var mountPoint: String

    /// The space of the file system holding `path` (a file or a folder, which must exist);
    /// nil when `statvfs` fails.
    public init?(of path: String) {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        available = Int64(info.f_bavail) * Int64(info.f_frsize)
        mountPoint = Self.mountPoint(of: path) ?? path
    }

    /// `available` for people: "0.4 MiB", "37 MiB", "52 GiB".
    public var availableText: String { SizeText.approximate(available) }

    /// The longest mount point in `/proc/self/mountinfo` that contains `path` once resolved.
    static func mountPoint(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let target = String(cString: resolved)
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        var best: String?
        for line in table.split(separator: "\n") {
            // Field 5 is the mount point, with space, tab, newline and backslash written as \ooo.
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            let point = unescape(fields[4])
            let contains = point == "/" || target == point || target.hasPrefix(point + "/")
            if contains, point.count > (best?.count ?? -1) { best = point }
        }
        return best
    }

    /// `\040` → space, as the kernel writes mount points.
    private static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var scalars = Array(field.utf8)[...]
        while let byte = scalars.popFirst() {
            if byte == UInt8(ascii: "\\"), scalars.count >= 3,
                let value = UInt8(String(decoding: scalars.prefix(3), as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                scalars = scalars.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
