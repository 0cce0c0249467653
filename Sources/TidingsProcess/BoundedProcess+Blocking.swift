import Foundation

extension BoundedProcess {
    /// What `arguments` (the first found on PATH) printed on stdout, without the white space
    /// around it, when it exited 0 within `limit`; nil otherwise. At most 64 KiB are read.
    /// It blocks the calling thread, for callers that cannot wait asynchronously (a lookup
    /// on a thread of its own); on a miss the program's process group is killed.
    public func outputBlocking(_ arguments: [String]) -> String? {
        let deadline = ContinuousClock.now + limit
        guard let (readEnd, writeEnd) = try? ProcessSpawn.pipe() else { return nil }
        defer { close(readEnd) }
        let pid: pid_t
        do {
            defer { close(writeEnd) }
            pid = try ProcessSpawn.start(arguments, environment: environment, stdout: .descriptor(writeEnd))
        } catch {
            return nil
        }
        if let output = PipeReader.all(readEnd, until: deadline, limit: 65_536) {
            // stdout is closed; give the program the rest of the deadline to exit.
            var status: Int32 = 0
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid {
                    let exited = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
                    return exited == 0 ? String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
                }
                if reaped < 0, errno != EINTR { return nil }
                guard ContinuousClock.now < deadline else { break }
                usleep(2_000)
            }
        }
        ProcessSpawn.kill([pid])
        return nil
    }
}
