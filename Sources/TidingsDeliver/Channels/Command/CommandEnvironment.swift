import TidingsCore

/// The environment a `[[commands]]` program gets: never `deliver`'s whole environment, which
/// holds the SMTP password, the LLM key and the webhooks' secrets (`*_env`), but a clean one.
///
/// It is made of the variables that say where and how to run (`PATH`, `HOME`, `USER`,
/// `LOGNAME`, `SHELL`, `TMPDIR`, `LANG`, `LANGUAGE`, `LC_*`, `TZ`), those that reach the
/// desktop (`XDG_*`, `DISPLAY`, `WAYLAND_DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`), the ones the
/// command's `env` names, each when `deliver` has it, and the item's own
/// (`TIDINGS_IDEMPOTENCY_KEY`), set per run.
public enum CommandEnvironment {
    /// The variables passed on by name.
    public static let passed: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "TMPDIR", "LANG", "LANGUAGE", "TZ", "DISPLAY", "WAYLAND_DISPLAY",
        "DBUS_SESSION_BUS_ADDRESS",
    ]
    /// The prefixes of the variables passed on (`LC_ALL`, `XDG_RUNTIME_DIR`).
    public static let passedPrefixes = ["LC_", "XDG_"]
    /// PATH when `deliver` has none.
    public static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// What a program of `command` gets from `environment` (`deliver`'s), before the item's
    /// variables are added.
    public static func of(_ command: TidingsConfig.Command, from environment: [String: String]) -> [String: String] {
        var clean: [String: String] = [:]
        for (name, value) in environment where passed.contains(name) || passedPrefixes.contains(where: name.hasPrefix) {
            clean[name] = value
        }
        for name in command.env {
            if let value = environment[name] { clean[name] = value }
        }
        if clean["PATH"] == nil { clean["PATH"] = defaultPath }
        return clean
    }
}
