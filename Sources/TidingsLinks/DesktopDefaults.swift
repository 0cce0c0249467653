import Foundation
import Synchronization
import TidingsCore
import TidingsProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The default application of a MIME type (`x-scheme-handler/zoommtg`), found the way
/// `xdg-mime query default` finds it on every desktop but KDE, without running its shell
/// script (which starts some twenty programs and takes over 15 ms):
///
/// 1. `[Default Applications]` in `mimeapps.list` (and `<desktop>-mimeapps.list` for each
///    desktop of `XDG_CURRENT_DESKTOP`) in the XDG config folders, then in the applications
///    folders of the XDG data folders: the first application listed, when its .desktop file
///    exists and its program is installed;
/// 2. `defaults.list` and `mimeinfo.cache` in the applications folders (with
///    `XDG_MENU_PREFIX`): the first application listed;
/// 3. any .desktop file in the applications folders (and their subfolders) that names the
///    type, the one with the highest `InitialPreference`.
///
/// KDE is the exception: there `xdg-mime` asks KDE's own service database, so Tidings asks
/// `xdg-mime` (see `SchemeHandlers.asksXDGMime`).
struct DesktopDefaults {
    let environment: [String: String]

    private var configFolders: [String] { XDGFolders(environment: environment).configSearch }
    private var dataFolders: [String] { XDGFolders(environment: environment).dataSearch }

    /// The .desktop file name of the default application of `mimeType`, or nil when there is none.
    func application(for mimeType: String) -> String? {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() + "-" } + [""]
        let listFolders = configFolders + dataFolders.map { $0 + "/applications" }
        for folder in listFolders {
            for prefix in desktops {
                if let application = defaultApplication(in: "\(folder)/\(prefix)mimeapps.list", for: mimeType),
                    isInstalled(application)
                {
                    return application
                }
            }
        }
        let menuPrefix = environment["XDG_MENU_PREFIX"] ?? ""
        for folder in dataFolders {
            for prefix in [menuPrefix, ""] {
                for name in ["defaults.list", "mimeinfo.cache"] {
                    if let application = listedApplication(in: "\(folder)/applications/\(prefix)\(name)", for: mimeType) {
                        return application
                    }
                }
            }
        }
        return preferredApplication(for: mimeType)
    }

    // MARK: Lists

    /// The first application `[Default Applications]` of the list at `path` gives `mimeType`.
    private func defaultApplication(in path: String, for mimeType: String) -> String? {
        guard let lines = Self.lines(of: path) else { return nil }
        let key = Array((mimeType + "=").utf8)
        var inDefaults = false
        for line in lines {
            if line.starts(with: "[Default Applications]".utf8) {
                inDefaults = true
            } else if line.first == UInt8(ascii: "[") {
                inDefaults = false
            } else if inDefaults, line.starts(with: key) {
                return Self.firstEntry(line.dropFirst(key.count))
            }
        }
        return nil
    }

    /// The first application the first line naming `mimeType=` of `defaults.list` or
    /// `mimeinfo.cache` at `path` lists.
    private func listedApplication(in path: String, for mimeType: String) -> String? {
        guard let lines = Self.lines(of: path) else { return nil }
        let key = Array((mimeType + "=").utf8)
        for line in lines {
            guard let start = Self.firstIndex(of: key, in: line) else { continue }
            return Self.firstEntry(line[(start + key.count)...])
        }
        return nil
    }

    /// The text up to the first `;` of a list of applications, nil when empty.
    private static func firstEntry(_ list: ArraySlice<UInt8>) -> String? {
        let first = list.prefix { $0 != UInt8(ascii: ";") }
        return first.isEmpty ? nil : String(decoding: first, as: UTF8.self)
    }

    // MARK: Desktop files

    /// Whether the .desktop file `name` is in an applications folder (`vendor-app.desktop`
    /// first as `vendor/app.desktop`, then in any subfolder) and the program of its `Exec`
    /// line is installed: the first data folder that has the file decides.
    private func isInstalled(_ name: String) -> Bool {
        let name = (name as NSString).lastPathComponent
        for data in dataFolders {
            var candidates: [String] = []
            if let firstDash = name.firstIndex(of: "-"), let lastDash = name.lastIndex(of: "-") {
                // As xdg-mime splits it: the vendor before the last dash, the rest after the first.
                let vendor = name[..<lastDash]
                let rest = name[name.index(after: firstDash)...]
                candidates += ["\(data)/applications/\(vendor)/\(rest)", "\(data)/applnk/\(vendor)/\(rest)"]
            }
            for folder in ["\(data)/applications", "\(data)/applnk"] {
                candidates.append("\(folder)/\(name)")
                candidates += Self.subfolders(of: folder).map { "\($0)/\(name)" }
            }
            guard let path = candidates.first(where: { access($0, R_OK) == 0 }) else { continue }
            return Self.program(ofDesktopFile: path).map(isProgram) ?? false
        }
        return false
    }

    /// The first word of the first `Exec` (or `Exec[…]`) line of the .desktop file at `path`.
    private static func program(ofDesktopFile path: String) -> String? {
        guard let lines = lines(of: path) else { return nil }
        for line in lines where line.starts(with: "Exec".utf8) {
            let key = line.prefix { $0 != UInt8(ascii: "=") }
            guard key.count < line.count, key.count == 4 || (key.dropFirst(4).first == UInt8(ascii: "[") && key.last == UInt8(ascii: "]")) else {
                continue
            }
            let word = line.dropFirst(key.count + 1).drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != 0x20 && $0 != 0x09 }
            return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
        }
        return nil
    }

    /// Whether `program` is an executable file: an absolute path, or a name on `PATH`.
    private func isProgram(_ program: String) -> Bool {
        SearchPath.find(program, environment: environment) != nil
    }

    /// The .desktop file, in the applications folders and their subfolders, that names
    /// `mimeType` and has the highest `InitialPreference` (the first one on a tie).
    private func preferredApplication(for mimeType: String) -> String? {
        let needle = Array((mimeType + ";").utf8)
        var best: (name: String, preference: Int)?
        for file in desktopFiles() where file.lists.containsBytes(needle) {
            if file.preference > best?.preference ?? -1 { best = (file.name, file.preference) }
        }
        return best?.name
    }

    /// A .desktop file as the last resort reads it.
    private struct DesktopFile: Sendable {
        let name: String
        let preference: Int
        /// Its lines that hold a `;`, joined by line ends: the only ones a type followed by
        /// `;` can stand in.
        let lists: [UInt8]
    }

    /// The .desktop files of the applications folders, read once per process (for each set of
    /// folders): every scheme asked about would otherwise read them all again.
    private static let scanned = Mutex<[[String]: [DesktopFile]]>([:])

    private func desktopFiles() -> [DesktopFile] {
        let folders = dataFolders
        if let known = Self.scanned.withLock({ $0[folders] }) { return known }
        let marker = Array("InitialPreference=".utf8)
        var files: [DesktopFile] = []
        for data in folders {
            for path in Self.desktopFiles(in: data + "/applications") {
                guard let lines = Self.lines(of: path) else { continue }
                // As xdg-mime reads it: the text between the first and the second `=`.
                let preference =
                    lines.first { Self.firstIndex(of: marker, in: $0) != nil }
                    .flatMap { line in line.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false).dropFirst().first }
                    .flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
                var lists: [UInt8] = []
                for line in lines where line.contains(UInt8(ascii: ";")) {
                    lists += line
                    lists.append(UInt8(ascii: "\n"))
                }
                files.append(DesktopFile(name: (path as NSString).lastPathComponent, preference: preference, lists: lists))
            }
        }
        Self.scanned.withLock { $0[folders] = files }
        return files
    }

    /// The .desktop files in `folder` and, depth first, in its subfolders.
    private static func desktopFiles(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let sorted = names.sorted()
        var files = sorted.filter { $0.hasSuffix(".desktop") }.map { "\(folder)/\($0)" }.filter { !isFolder($0) }
        for name in sorted where isFolder("\(folder)/\(name)") {
            files += desktopFiles(in: "\(folder)/\(name)")
        }
        return files
    }

    private static func subfolders(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)" }.filter(isFolder)
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The lines of a small file (a `\\r` before a line end dropped); nil when it is missing,
    /// unreadable or over 4 MiB. Read as bytes: the lists and .desktop files of a desktop run
    /// to megabytes, and only a few lines of them matter.
    private static func lines(of path: String) -> [ArraySlice<UInt8>]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > 4 << 20 { return nil }
        }
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
    }

    /// Where `needle` first starts in `line`.
    private static func firstIndex(of needle: [UInt8], in line: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, line.count >= needle.count else { return nil }
        var index = line.startIndex
        while index <= line.endIndex - needle.count {
            if line[index] == first && line[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
