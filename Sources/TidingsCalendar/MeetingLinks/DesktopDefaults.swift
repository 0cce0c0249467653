import Foundation

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

    private var home: String { environment["HOME"] ?? "" }

    private func list(_ name: String, _ fallback: String) -> [String] {
        let value = environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        return value.split(separator: ":").map(String.init)
    }

    private var configFolders: [String] { list("XDG_CONFIG_HOME", home + "/.config") + list("XDG_CONFIG_DIRS", "/etc/xdg") }
    private var dataFolders: [String] { list("XDG_DATA_HOME", home + "/.local/share") + list("XDG_DATA_DIRS", "/usr/local/share/:/usr/share/") }

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
        guard let text = Self.read(path) else { return nil }
        var inDefaults = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("[Default Applications]") {
                inDefaults = true
            } else if line.hasPrefix("[") {
                inDefaults = false
            } else if inDefaults, line.hasPrefix(mimeType + "=") {
                let first = line.dropFirst(mimeType.count + 1).split(separator: ";", omittingEmptySubsequences: false).first ?? ""
                return first.isEmpty ? nil : String(first)
            }
        }
        return nil
    }

    /// The first application the first line naming `mimeType=` of `defaults.list` or
    /// `mimeinfo.cache` at `path` lists.
    private func listedApplication(in path: String, for mimeType: String) -> String? {
        guard let text = Self.read(path) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            guard let range = line.range(of: mimeType + "=") else { continue }
            let first = line[range.upperBound...].split(separator: ";", omittingEmptySubsequences: false).first ?? ""
            return first.isEmpty ? nil : String(first)
        }
        return nil
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

    /// The first word of the first `Exec` line of the .desktop file at `path`.
    private static func program(ofDesktopFile path: String) -> String? {
        guard let text = read(path) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Exec") {
            let key = line.prefix { $0 != "=" }
            guard key == "Exec" || (key.hasPrefix("Exec[") && key.hasSuffix("]")), key.count < line.count else { continue }
            return line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
        return nil
    }

    /// Whether `program` is an executable file: an absolute path, or a name on `PATH`.
    private func isProgram(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 && !Self.isFolder(program) }
        return list("PATH", "/usr/bin:/bin").contains { folder in
            let path = "\(folder)/\(program)"
            return access(path, X_OK) == 0 && !Self.isFolder(path)
        }
    }

    /// The .desktop file, in the applications folders and their subfolders, that names
    /// `mimeType` and has the highest `InitialPreference` (the first one on a tie).
    private func preferredApplication(for mimeType: String) -> String? {
        var best: (name: String, preference: Int)?
        for data in dataFolders {
            for file in Self.desktopFiles(in: data + "/applications") {
                guard let text = Self.read(file), text.contains(mimeType + ";") else { continue }
                let preference = text.split(whereSeparator: \.isNewline)
                    .first { $0.contains("InitialPreference=") }
                    .flatMap { Int($0.split(separator: "=", omittingEmptySubsequences: false).dropFirst().first ?? "") } ?? 0
                if preference > best?.preference ?? -1 { best = ((file as NSString).lastPathComponent, preference) }
            }
        }
        return best?.name
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

    /// The text of a small file; nil when it is missing, unreadable, not UTF-8 or over 4 MiB.
    private static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4 * 1024 * 1024 + 1), data.count <= 4 * 1024 * 1024 else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
