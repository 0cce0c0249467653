import Foundation

/// The XDG base directories of an environment, worked out by one rule (the XDG Base
/// Directory Specification): a `$XDG_*_HOME` variable counts when it is an absolute path,
/// else its default under `$HOME`; a `$XDG_*_DIRS` list keeps its absolute entries, and an
/// unset or empty one is the default list. A relative path is invalid and ignored.
public struct XDGFolders: Sendable, Equatable {
    /// The variables the folders are read from.
    public let environment: [String: String]

    /// The folders of `environment`.
    public init(environment: [String: String]) { self.environment = environment }

    /// `$HOME`, or the home folder of the user when it is unset or empty.
    public var home: String { environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() }

    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    public var configHome: String { base("XDG_CONFIG_HOME", ".config") }
    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
    public var dataHome: String { base("XDG_DATA_HOME", ".local/share") }
    /// `$XDG_STATE_HOME`, else `$HOME/.local/state`.
    public var stateHome: String { base("XDG_STATE_HOME", ".local/state") }
    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`.
    public var cacheHome: String { base("XDG_CACHE_HOME", ".cache") }

    /// `$XDG_CONFIG_DIRS`, else `/etc/xdg`.
    public var configDirs: [String] { list("XDG_CONFIG_DIRS", ["/etc/xdg"]) }
    /// `$XDG_DATA_DIRS`, else `/usr/local/share` and `/usr/share`.
    public var dataDirs: [String] { list("XDG_DATA_DIRS", ["/usr/local/share", "/usr/share"]) }

    /// The config folders in the order they are searched: `configHome`, then `configDirs`.
    public var configSearch: [String] { [configHome] + configDirs }
    /// The data folders in the order they are searched: `dataHome`, then `dataDirs`.
    public var dataSearch: [String] { [dataHome] + dataDirs }

    private func base(_ variable: String, _ fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    private func list(_ variable: String, _ fallback: [String]) -> [String] {
        guard let value = environment[variable], !value.isEmpty else { return fallback }
        return value.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }
}
