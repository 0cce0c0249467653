#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a program the way a shell does: a name is looked for in the folders of `PATH`.
public enum SearchPath {
    /// The search path when an environment has none.
    public static let fallback = "/usr/bin:/bin"

    /// `PATH` of `environment`, else `fallback`.
    public static func of(_ environment: [String: String]) -> String {
        environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }

    /// The full path of `program` on the search path of `environment`, nil when it is not there.
    public static func find(_ program: String, environment: [String: String]) -> String? {
        find(program, path: of(environment))
    }

    /// The full path of `program` in the folders of `path`, nil when no executable file has
    /// that name; a `program` with a slash is only checked.
    public static func find(_ program: String, path: String) -> String? {
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a file (not a folder) this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return access(path, X_OK) == 0 && stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }
}
