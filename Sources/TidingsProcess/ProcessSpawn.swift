import Foundation

/// Why a program could not be started.
public struct SpawnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong (`cannot start xdg-open: No such file or directory`).
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Starting a program with posix_spawn, in a process group or a session of its own, so that
/// one SIGKILL to the group ends it with everything it started; stdin is /dev/null.
public enum ProcessSpawn {
    /// Whom the child leads.
    public enum Grouping: Sendable {
        /// A process group of its own (`kill(-pid, …)` reaches its children).
        case processGroup
        /// A session of its own: it also outlives the caller's terminal and cron job.
        case session
    }

    /// Where one of the child's output streams goes.
    public enum Target: Sendable, Equatable {
        /// /dev/null.
        case null
        /// A descriptor of this process (the write end of a pipe).
        case descriptor(Int32)
        /// A file, created private when missing; truncated, or appended to with `append`.
        case file(String, append: Bool)
        /// Wherever standard output goes (for standard error only).
        case standardOutput
    }

    /// Held from making a pipe to setting its close-on-exec flags, and around each spawn:
    /// a program started in between would inherit both ends and keep the reader waiting for
    /// its end of file (pipe2, which does both at once, is behind _GNU_SOURCE).
    private static let spawning = NSLock()

    /// A pipe whose ends are both closed on exec.
    public static func pipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        spawning.lock()
        defer { spawning.unlock() }
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError("pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Starts `arguments` (its first found on the search path of `environment` unless it
    /// holds a slash) with `environment`, stdin on /dev/null (or a `.descriptor` of this
    /// process), leading `grouping`, and returns its process id. `closingOthers` closes every descriptor from 3 up in the child (that
    /// the caller did not mark close-on-exec); `defaultSignals` gives it an empty signal mask
    /// and the default handling of the usual signals, whatever this process changed.
    public static func start(
        _ arguments: [String], environment: [String: String], stdin: Target = .null, stdout: Target = .null, stderr: Target = .null,
        grouping: Grouping = .processGroup, closingOthers: Bool = false, defaultSignals: Bool = false
    ) throws(SpawnError) -> pid_t {
        guard let program = arguments.first else { throw SpawnError("nothing to run") }
        guard let path = SearchPath.find(program, environment: environment) else {
            throw SpawnError("cannot start \(program): \(String(cString: strerror(ENOENT)))")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32
        switch grouping {
        case .processGroup:
            flags = Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        case .session:
            // POSIX_SPAWN_SETSID (glibc 2.26+) is behind _GNU_SOURCE, which Swift's Glibc
            // module does not define; its value is fixed in glibc's ABI.
            flags = 0x80
        }
        if defaultSignals {
            flags |= Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if case .descriptor(let source) = stdin {
            posix_spawn_file_actions_adddup2(&actions, source, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        direct(&actions, 1, to: stdout)
        direct(&actions, 2, to: stderr)
        if closingOthers { closeFrom3(&actions) }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        spawning.lock()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        spawning.unlock()
        guard status == 0 else { throw SpawnError("cannot start \(program): \(String(cString: strerror(status)))") }
        return pid
    }

    private static func direct(_ actions: inout posix_spawn_file_actions_t, _ fd: Int32, to target: Target) {
        switch target {
        case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, fd)
        case .file(let path, let append):
            posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
        case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, fd)
        }
    }

    /// Adds "close every descriptor from 3 up", so that a long-lived child cannot hold open a
    /// pipe of whoever started this process (cron waits for its job's output pipe to close).
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        // posix_spawn_file_actions_addclosefrom_np (glibc 2.34+) is also behind _GNU_SOURCE.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// Kills each of `pids` and its group with SIGKILL and reaps it, the last started first.
    public static func kill(_ pids: [pid_t]) {
        for pid in pids.reversed() {
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
            wait(pid)
        }
    }

    /// Waits for `pid` to end and returns its `waitpid` status.
    @discardableResult
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return status
    }

    /// Collects `pid`'s exit status on a thread of its own, so that a long-running process
    /// keeps no zombie.
    public static func reapLater(_ pid: pid_t) {
        Thread.detachNewThread { ProcessSpawn.wait(pid) }
    }
}
