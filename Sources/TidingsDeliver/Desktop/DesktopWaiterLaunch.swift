import Foundation

/// The first line the waiter printed, or why there was none.
enum DesktopWaiterAnswer: Sendable, Equatable {
    /// The daemon showed the notification under this id.
    case sent(Int64)
    /// The waiter could not show it: why.
    case error(String)
    /// Nothing useful arrived before the deadline; the waiter was killed.
    case timedOut
}

/// Starts the waiter in a session of its own, so that it outlives `deliver` (cron ends the
/// run, the popup stays), and reads its first line under a deadline.
enum DesktopWaiterLaunch {
    private enum FirstLine: Sendable {
        case line(String), endOfFile, deadline
    }

    /// Spawns `path arguments` with `environment` and returns what it answered within `limit`.
    static func start(path: String, arguments: [String], environment: [String: String], limit: Duration) async -> DesktopWaiterAnswer {
        var ends: [Int32] = [-1, -1]
        // pipe2 is behind _GNU_SOURCE too; both ends get FD_CLOEXEC right after.
        guard pipe(&ends) == 0 else { return .error("pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let spawned = spawn(path: path, arguments: arguments, environment: environment, stdout: writeEnd)
        close(writeEnd)
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let failure):
            close(readEnd)
            return .error(failure.description)
        }
        let deadline = ContinuousClock.now + limit
        let first = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: readLine(readEnd, until: deadline)) }
        }
        close(readEnd)
        let answer: DesktopWaiterAnswer
        switch first {
        case .line(let line) where line.hasPrefix("sent "):
            if let id = Int64(line.dropFirst("sent ".count)), id > 0 {
                answer = .sent(id)
            } else {
                answer = .error("the waiter printed a bad notification id: \(line)")
            }
        case .line(let line) where line.hasPrefix("error "):
            answer = .error(String(line.dropFirst("error ".count)))
        case .line(let line):
            answer = .error("the waiter printed \(line.isEmpty ? "an empty line" : line)")
        case .endOfFile:
            answer = .error("the waiter ended without an answer")
        case .deadline:
            // The waiter leads its own session: this takes notify-send and its helpers too.
            kill(-pid, SIGKILL)
            answer = .timedOut
        }
        reap(pid)
        return answer
    }

    private struct SpawnFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// posix_spawn with POSIX_SPAWN_SETSID: stdin and stderr on /dev/null, stdout on `stdout`,
    /// every other descriptor closed, default signal handling and an empty signal mask.
    private static func spawn(path: String, arguments: [String], environment: [String: String], stdout: Int32) -> Result<pid_t, SpawnFailure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26+) is behind _GNU_SOURCE, which Swift's Glibc module
        // does not define; its value is fixed in glibc's ABI.
        let setsid: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeOthers(&actions)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { return .failure(SpawnFailure(description: "cannot start \(path): \(String(cString: strerror(status)))")) }
        return .success(pid)
    }

    /// Adds "close every descriptor from 3 up", so that the waiter cannot hold open a pipe
    /// of whoever started `deliver` (cron waits for its job's output pipe to close).
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        // posix_spawn_file_actions_addclosefrom_np (glibc 2.34+) is also behind _GNU_SOURCE.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// Reads up to the first newline of `fd`, or to its end, giving up at `deadline`.
    private static func readLine(_ fd: Int32, until deadline: ContinuousClock.Instant) -> FirstLine {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .deadline }
            let (seconds, attoseconds) = left.components
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes.isEmpty ? .endOfFile : .line(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(contentsOf: chunk[..<count])
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return .line(String(decoding: bytes[..<newline], as: UTF8.self))
            }
        }
    }

    /// Collects the waiter's exit status on a thread of its own, so that a long-running
    /// process (a test run) keeps no zombie; `deliver` itself exits long before.
    private static func reap(_ pid: pid_t) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }
}
