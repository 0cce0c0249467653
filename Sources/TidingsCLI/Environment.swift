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
    /// `$XDG_STATE_HOME/tidings/postgresql`: the stem of this machine's own files of a store
    /// on PostgreSQL (its lock files, its wake-up).
    public var postgresStem: String { folders.stateHome + "/tidings/postgresql" }
    /// `$XDG_CACHE_HOME/tidings`.
    public var cacheFolder: String { folders.cacheHome + "/tidings" }
    /// `$XDG_CACHE_HOME/tidings/media`: the mirrored images.
    public var mediaFolder: String { cacheFolder + "/media" }
    /// `$XDG_CACHE_HOME/tidings/calendars`: the calendars kept parsed between plans.
    public var preparedCalendarFolder: String { cacheFolder + "/calendars" }
    /// `$XDG_CACHE_HOME/tidings/caldav`: what CalDAV sources learned at their last fetch.
    public var caldavFolder: String { cacheFolder + "/caldav" }
}
