import Foundation
import TidingsCore

/// Opens a notification's link with `xdg-open`, only when its scheme is allowed, without
/// waiting for the browser or app.
public enum LinkOpener {
    /// Starts `xdg-open link` detached; returns nil, or why it did not.
    public static func open(_ link: String, environment: [String: String]) -> String? {
        guard LinkPolicy.isAllowed(link) else { return "refused to open \(LinkPolicy.scheme(of: link) ?? "a"): link" }
        return DetachedProcess.spawn(["xdg-open", link], environment: environment)
    }
}

/// Starts programs in their own session, not waited for: they outlive the caller.
public enum DetachedProcess {
    /// Spawns `arguments` (the first found on PATH) with stdin, stdout and stderr on
    /// /dev/null; returns nil, or why it could not start.
    public static func spawn(_ arguments: [String], environment: [String: String]) -> String? {
        guard let program = arguments.first else { return "nothing to run" }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26+) is behind _GNU_SOURCE, which Swift's Glibc module
        // does not define; its value is fixed in glibc's ABI.
        let setsid: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, setsid)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        return status == 0 ? nil : "cannot start \(program): \(String(cString: strerror(status)))"
    }
}

/// Short outside programs (`crontab -l`) run with a deadline, for checks.
public enum BoundedCommand {
    /// What `program` (found on PATH) printed when it exited 0 within `limit`; nil otherwise.
    public static func output(_ program: String, _ arguments: [String], environment: [String: String], limit: Duration = .seconds(3)) async -> String? {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        return await DesktopCall.run(path, arguments, environment: environment, limit: limit).successOutput
    }

    /// Runs `path` with `arguments`, `input` on its standard input, for at most `limit`:
    /// on a miss it and everything it started are killed with SIGKILL.
    public static func run(_ path: String, _ arguments: [String], input: String, environment: [String: String], limit: Duration) async -> DesktopCallOutcome {
        await DesktopCall.run(path, arguments, input: input, environment: environment, limit: limit)
    }
}
