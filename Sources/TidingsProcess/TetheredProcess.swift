import Foundation

/// Runs a program that never outlives this process and never runs past its limit, whatever
/// happens to this process (a SIGKILL included): a `[[commands]]` program.
///
/// The program runs under coreutils' `timeout -s KILL LIMIT`, which leads a process group of
/// its own and at the limit kills the whole group (grandchildren too) with SIGKILL. `timeout`
/// is started through util-linux's `setpriv --pdeathsig ALRM` (and a check that this process
/// is still its parent, `wrapper`): when this process ends, the kernel sends `timeout` SIGALRM, which is what its own deadline sends it, so it kills the
/// group at once. The parent-death signal follows the *thread* that started the child
/// (prctl(2)), so each run is started, read and waited for on a thread of its own that lives
/// exactly as long as the child; a thread pool's thread could end first and kill it early.
/// When the program's main process ends, what it left in its group is killed too.
///
/// Without `setpriv` or `timeout` in /usr/bin or /bin, the program runs directly in a group
/// of its own, killed at the limit by this process only.
public enum TetheredProcess {
    /// Where `setpriv` and `timeout` are looked for (never the program's own PATH).
    static let systemPath = ["PATH": "/usr/bin:/bin"]
    /// How long after the limit this process gives `timeout` before it kills the group itself.
    static let grace = Duration.seconds(2)
    /// The most bytes of standard error kept (the last ones).
    static let errorLimit = 65_536

    /// The words that run a program under `limit`, tied to the process `parent` (this one):
    /// `setpriv --pdeathsig ALRM -- /bin/sh -c CHECK PARENT timeout -s KILL 1.500s`; nil when
    /// a tool is missing.
    ///
    /// CHECK closes the moment between the spawn and setpriv's prctl, when a parent that dies
    /// sends no signal yet: once the parent-death signal is armed, the shell checks that its
    /// parent is still `parent` and only then becomes `timeout`; if the parent dies after the
    /// check, SIGALRM ends the shell (its default action) or reaches `timeout`.
    public static func wrapper(limit: Duration, parent: pid_t = getpid()) -> [String]? {
        guard let setpriv = SearchPath.find("setpriv", environment: systemPath),
            let timeout = SearchPath.find("timeout", environment: systemPath),
            let shell = SearchPath.find("sh", environment: systemPath)
        else { return nil }
        let milliseconds = max(1, limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        let seconds = "\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())s"
        return [setpriv, "--pdeathsig", "ALRM", "--", shell, "-c", parentCheck, String(parent), timeout, "-s", "KILL", seconds]
    }

    /// Goes on (`exec "$@"`) only while the shell's parent is the process named by `$0`; the
    /// `PWD` the shell sets itself is not passed on (the program gets the environment given).
    static let parentCheck = #"[ "$PPID" = "$0" ] || exit 125; unset PWD; exec "$@""#

    /// Runs `path` with `arguments` in exactly `environment`, `input` on its standard input,
    /// standard output on /dev/null, for at most `limit`; what it printed on standard error
    /// comes back in the outcome (its last 64 KiB).
    public static func run(_ path: String, _ arguments: [String], input: String, environment: [String: String], limit: Duration) async
        -> ProcessOutcome
    {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: runHere(path, arguments, input: input, environment: environment, limit: limit)) }
            thread.name = "tethered"
            thread.start()
        }
    }

    /// `run` on the calling thread, which must not end before this returns.
    static func runHere(_ path: String, _ arguments: [String], input: String, environment: [String: String], limit: Duration) -> ProcessOutcome {
        let started = ContinuousClock.now
        let words = (wrapper(limit: limit) ?? []) + [path] + arguments
        // Input that fits a pipe's buffer is written before the program starts; more is
        // written by a thread of its own, which ends when the program has read it or is gone.
        let small = input.utf8.count <= BoundedProcess.pipeCapacity
        var inputPipe: (read: Int32, write: Int32?) = (-1, nil)
        var errorPipe: (read: Int32, write: Int32) = (-1, -1)
        let pid: pid_t
        do {
            if small, let filled = BoundedProcess.filledPipe(input) {
                inputPipe = (filled, nil)
            } else {
                let made = try ProcessSpawn.pipe()
                inputPipe = (made.read, made.write)
            }
            errorPipe = try ProcessSpawn.pipe()
            pid = try ProcessSpawn.start(
                words, environment: environment, stdin: .descriptor(inputPipe.read), stdout: .null, stderr: .descriptor(errorPipe.write),
                closingOthers: true, defaultSignals: true)
            close(inputPipe.read)
            close(errorPipe.write)
        } catch {
            for fd in [inputPipe.read, inputPipe.write ?? -1, errorPipe.read, errorPipe.write] where fd >= 0 { close(fd) }
            return .failedToStart(error.description)
        }
        defer { close(errorPipe.read) }
        if let writer = inputPipe.write {
            let bytes = Array(input.utf8)
            Thread.detachNewThread {
                write(all: bytes, to: writer)
                close(writer)
            }
        }
        let deadline = started + limit + grace
        let (error, ended) = drain(errorPipe.read, until: deadline)
        let status = ended ? waitWithoutReaping(pid, until: deadline) : nil
        // The group goes with its leader: nothing the program started outlives it.
        Glibc.kill(-pid, SIGKILL)
        if status == nil { Glibc.kill(pid, SIGKILL) }
        let reaped = ProcessSpawn.wait(pid)
        let termination = status ?? reaped
        let signal = termination & 0x7F
        let code = signal == 0 ? (termination >> 8) & 0xFF : 128 + signal
        if status == nil || (ContinuousClock.now - started >= limit && (signal == SIGKILL || code == 124)) {
            return .timedOut
        }
        return .finished(status: code, output: "", error: String(decoding: error, as: UTF8.self))
    }

    /// Writes `bytes` to `fd` until done or the reader is gone. SIGPIPE is blocked on this
    /// thread, so a reader that went away is an error for the write, never the end of this
    /// process; the pending signal is taken before the thread ends.
    private static func write(all bytes: [UInt8], to fd: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        defer {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        }
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }

    /// Reads `fd` to its end or to `deadline`, keeping the last `errorLimit` bytes; whether it ended.
    private static func drain(_ fd: Int32, until deadline: ContinuousClock.Instant) -> ([UInt8], Bool) {
        var kept: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return (kept, false) }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(clamping: left.components.seconds * 1000 + 1))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (kept, true) }
            kept.append(contentsOf: chunk[..<count])
            if kept.count > errorLimit { kept.removeFirst(kept.count - errorLimit) }
        }
    }

    /// The `waitpid` status of `pid` once it has ended, left unreaped so that its process
    /// group id stays its own; nil when it is still running at `deadline`.
    private static func waitWithoutReaping(_ pid: pid_t, until deadline: ContinuousClock.Instant) -> Int32? {
        var pause: useconds_t = 1_000
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0, info._sifields._sigchld.si_pid != 0 {
                let value = info._sifields._sigchld.si_status
                return info.si_code == Int32(CLD_EXITED) ? (value & 0xFF) << 8 : value & 0x7F
            }
            // Its status is lost (reaped elsewhere): counted as a failure, so the item is tried again.
            if result < 0, errno != EINTR { return 1 << 8 }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }
}
