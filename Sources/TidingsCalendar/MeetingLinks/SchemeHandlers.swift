import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a URL scheme has a handler installed: `xdg-mime query default x-scheme-handler/<scheme>`
/// prints a .desktop file (run with a 2 s deadline; cache per process).
public enum SchemeHandlers {
    private static let cache = Mutex<[String: Bool]>([:])

    /// Whether an application is registered for `scheme` (`zoommtg`, `msteams`, …). The
    /// answer is cached for the life of the process; a missing or hung `xdg-mime` means no.
    public static func installed(_ scheme: String) -> Bool {
        let scheme = scheme.lowercased()
        if let known = cache.withLock({ $0[scheme] }) { return known }
        let answer = query(scheme, command: ["xdg-mime", "query", "default"], deadline: 2)
        cache.withLock { $0[scheme] = answer }
        return answer
    }

    /// Runs `command` followed by `x-scheme-handler/<scheme>` and says whether it printed the
    /// name of a .desktop file within `deadline` seconds.
    static func query(_ scheme: String, command: [String], deadline: Double) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return false }
        guard let output = BoundedRun.output(command + ["x-scheme-handler/" + scheme], deadline: deadline) else { return false }
        let line = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return !line.isEmpty && !line.contains("\n") && line.hasSuffix(".desktop")
    }
}

/// Runs a short program with a hard deadline and collects what it prints: on a miss the
/// program and everything it started are killed.
enum BoundedRun {
    /// What `arguments` (the first found on PATH) printed on stdout when it exited 0 within
    /// `deadline` seconds; nil otherwise. At most 64 KiB are read.
    static func output(_ arguments: [String], deadline: Double) -> String? {
        guard let program = arguments.first else { return nil }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that a deadline kills a shell script's children too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        close(writeEnd)
        guard spawned == 0 else { return nil }

        let start = DispatchTime.now().uptimeNanoseconds
        func remainingMilliseconds() -> Int32 {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return Int32(max(0, (deadline - elapsed) * 1000))
        }
        var output: [UInt8] = []
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        reading: while true {
            let wait = remainingMilliseconds()
            if wait <= 0 {
                timedOut = true
                break
            }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break reading }
            output.append(contentsOf: buffer[0..<count])
            if output.count > 65_536 { break }
        }

        var status: Int32 = 0
        if !timedOut {
            // stdout is closed; give the program the rest of the deadline to exit.
            while waitpid(pid, &status, WNOHANG) == 0 {
                if remainingMilliseconds() <= 0 {
                    timedOut = true
                    break
                }
                usleep(2_000)
            }
            if !timedOut { return exited(status) == 0 ? String(decoding: output, as: UTF8.self) : nil }
        }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
    }

    /// The exit code in a `waitpid` status, or -1 when the program was killed.
    private static func exited(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}
