import Foundation
import TidingsCore

/// This process's environment variables.
public enum Environment {
    /// The variables as a dictionary.
    public static var current: [String: String] { ProcessInfo.processInfo.environment }
}

/// Where Tidings keeps its files, from the XDG base directories.
public struct Places: Sendable {
    /// The variables the places are read from.
    public let environment: [String: String]

    /// Places for `environment`.
    public init(environment: [String: String]) { self.environment = environment }

    /// The XDG base directories of `environment`.
    public var folders: XDGFolders { XDGFolders(environment: environment) }

    /// `$XDG_CONFIG_HOME`.
    public var configHome: String { folders.configHome }
    /// `$XDG_CONFIG_HOME/tidings/config.toml`.
    public var defaultConfig: String { folders.configHome + "/tidings/config.toml" }
    /// `$XDG_STATE_HOME/tidings/tidings.sqlite`.
    public var defaultDatabase: String { folders.stateHome + "/tidings/tidings.sqlite" }
    /// `$XDG_CACHE_HOME/tidings`.
    public var cacheFolder: String { folders.cacheHome + "/tidings" }
    /// `$XDG_CACHE_HOME/tidings/media`: the mirrored images.
    public var mediaFolder: String { cacheFolder + "/media" }

    /// The folder this program lives in (the other programs are beside it).
    public static var programFolder: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }

    /// The bundled sample content: beside an installed program in `../share/tidings/`, or
    /// in the `config/` folder of the source tree the program was built in.
    public func sampleContent() -> String? {
        sharedFile("sample-content.json").map(SourceURL.fileURL(path:))
    }

    /// The path of a bundled file (`tidings.toml`, `systemd/tidings-deliver.timer`): in
    /// `$TIDINGS_SHARE`, beside an installed program in `../share/tidings/`, or in the
    /// `config/` folder of the source tree the program was built in; nil when none has it.
    public func sharedFile(_ name: String) -> String? {
        let folder = Places.programFolder
        let candidates = [
            environment["TIDINGS_SHARE"].map { $0 + "/" + name },
            folder + "/../share/tidings/" + name,
            folder + "/../../../config/" + name,
            folder + "/../../config/" + name,
        ]
        for case let candidate? in candidates where FileManager.default.fileExists(atPath: candidate) {
            return (candidate as NSString).standardizingPath
        }
        return nil
    }
}
