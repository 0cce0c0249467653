import Foundation
import TidingsCLI

/// The lock files of the programs that write a SQLite database (`<database>.prefetch.lock`,
/// `.plan.lock`, `.deliver.lock`), taken all at once by a command that must have the
/// database to itself (`tidings purge`, `tidings store copy`): while they are held, a run of
/// prefetch, plan or deliver that starts finds its lock taken and ends at once, writing
/// nothing (see `StageLock`).
final class ProgramLocks {
    /// The programs whose locks are taken.
    static let programs = ["prefetch", "plan", "deliver"]

    private var descriptors: [Int32]

    /// Takes the three locks of `database`, never waiting. With `creating`, a lock file that
    /// is not there yet is made (0600), so that a program starting meanwhile finds it held;
    /// without, only the files there are taken (purge, which deletes them after).
    /// - Throws: `CLIError.failed` naming the program that runs, or the file that cannot be
    ///   opened; `doing` says what did not happen (`nothing deleted`).
    init(beside database: String, creating: Bool, doing: String) throws(CLIError) {
        var held: [Int32] = []
        func failing(_ message: String) -> CLIError {
            for descriptor in held { close(descriptor) }
            return CLIError.failed(message)
        }
        for program in Self.programs {
            let path = "\(database).\(program).lock"
            var descriptor: Int32 = -1
            if creating { descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
            if descriptor < 0 {
                guard FileManager.default.fileExists(atPath: path) else { continue }
                descriptor = open(path, O_RDONLY | O_CLOEXEC)
            }
            guard descriptor >= 0 else {
                throw failing("cannot open \(path) to see whether \(program) runs: \(String(cString: strerror(errno))); \(doing)")
            }
            held.append(descriptor)
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                throw failing("\(program) is running (it holds \(path)); \(doing), try again when it is done")
            }
        }
        descriptors = held
    }

    /// Lets go of the locks (closing their files); the end of the process does too.
    func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { release() }
}
