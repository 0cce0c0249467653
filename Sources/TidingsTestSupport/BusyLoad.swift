import Glibc

/// Busy loops that keep the CPUs occupied while a test runs: for checks that a result does
/// not depend on the machine's load. Stopped with SIGKILL.
public final class BusyLoad {
    private var pids: [pid_t]

    /// Starts `processes` shell loops that never sleep.
    public init(processes: Int) throws {
        pids = []
        for _ in 0..<processes {
            pids.append(try Spawn.spawn(["/bin/sh", "-c", "while :; do :; done"], environment: [:], stdout: "/dev/null"))
        }
    }

    /// Ends the loops.
    public func stop() {
        Spawn.kill(pids)
        pids = []
    }

    deinit { stop() }
}
