import Foundation
import Synchronization
import TidingsPostgres
import TidingsProcess

/// A private PostgreSQL cluster for the tests of one process, started on first use and
/// stopped at the process's exit: `initdb` in a folder under /tmp (as the `postgres` user
/// when the tests run as root, since the server refuses root), a Unix socket in that folder,
/// an ephemeral port on 127.0.0.1, and no system service. Over TCP every role logs in with a
/// password (scram-sha-256), so the password paths are the real ones; over the socket the
/// superuser `postgres` needs none, for the cluster's own administration.
public final class PostgresTestCluster: Sendable {
    /// The role tests connect as (it owns the databases `createDatabase()` makes).
    public let role = "tidings"
    /// The role's password, random per process.
    public let password: String
    /// The port on 127.0.0.1.
    public let port: Int
    /// The folder holding the data directory, the socket and the server's log.
    public let folder: String
    private let binaries: String
    private let runAs: [String]
    private let databases = Mutex(0)

    private static let running = Mutex<PostgresTestCluster?>(nil)

    /// The process's cluster, started by the first caller (the others wait for it).
    /// - Throws: `SpawnError` when initdb is missing (install Debian's `postgresql`:
    ///   `scripts/install-deps --test` does) or the server does not start.
    public static func shared() throws -> PostgresTestCluster {
        try running.withLock { running in
            if let running { return running }
            let cluster = try start()
            running = cluster
            atexit { PostgresTestCluster.stopShared() }
            return cluster
        }
    }

    /// A cluster of the caller's own, not shared with the process's other tests, for a test
    /// that stops and starts its server (`stopServer()`, `startServer()`); `destroy()` ends it.
    public static func ownCluster() throws -> PostgresTestCluster {
        try start()
    }

    private init(password: String, port: Int, folder: String, binaries: String, runAs: [String]) {
        self.password = password
        self.port = port
        self.folder = folder
        self.binaries = binaries
        self.runAs = runAs
    }

    /// `postgresql://tidings:…@127.0.0.1:port/database`, with `password` in place of the role's
    /// (nil leaves it out, for PGPASSWORD or a password file to give).
    public func url(database: String, password: String?) -> String {
        let login = password.map { "\(role):\($0)" } ?? role
        return "postgresql://\(login)@127.0.0.1:\(port)/\(database)"
    }

    /// A libpq conninfo for the superuser over the Unix socket, to `database`.
    public func adminConninfo(database: String = "postgres") -> String {
        "host=\(folder) port=\(port) user=postgres dbname=\(database)"
    }

    /// Creates an empty database owned by the test role and returns its URL (password included).
    public func createDatabase() throws -> URL {
        let name = databases.withLock { count in
            count += 1
            return "tidings_test_\(count)"
        }
        let admin = try PostgresConnection(adminConninfo())
        try admin.execute("CREATE DATABASE \(name) OWNER \(role)")
        guard let url = URL(string: url(database: name, password: password)) else { throw SpawnError("bad database URL for \(name)") }
        return url
    }

    /// Every row of `database` as `pg_dump --data-only --inserts` writes it: what the
    /// server keeps of a store, for the tests that scan it for a secret.
    public func dump(database: String) throws -> Data {
        let file = NSTemporaryDirectory() + "/tidings-dump-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sql"
        defer { unlink(file) }
        try Self.run(
            [
                binaries + "/pg_dump", "--host", folder, "--port", "\(port)", "--username", "postgres", "--data-only", "--inserts", "--file", file,
                database,
            ],
            log: file + ".log")
        unlink(file + ".log")
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// Where the PostgreSQL programs are: the newest /usr/lib/postgresql/N/bin with an initdb.
    private static func binaryFolder() -> String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    private static let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C", "TZ": "UTC"]

    private static func start() throws -> PostgresTestCluster {
        guard let binaries = binaryFolder() else {
            throw SpawnError(
                "no initdb in /usr/lib/postgresql/*/bin: the PostgreSQL tests need Debian's postgresql (scripts/install-deps --test installs it)")
        }
        var template = Array("/tmp/tidings-postgres-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw SpawnError("mkdtemp: \(String(cString: strerror(errno)))") }
        let folder = String(cString: created)
        var runAs: [String] = []
        if geteuid() == 0 {
            guard let user = getpwnam("postgres") else {
                throw SpawnError("no user postgres to run the test cluster as (Debian's postgresql adds it)")
            }
            guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw SpawnError("chown \(folder): \(String(cString: strerror(errno)))")
            }
            runAs = ["runuser", "-u", "postgres", "--"]
        }
        let log = folder + "/setup.log"
        try run(
            runAs + [
                binaries + "/initdb", "-D", folder + "/data", "-U", "postgres", "-E", "UTF8", "--no-locale", "--auth-local=trust",
                "--auth-host=scram-sha-256", "--no-sync",
            ], log: log)
        // A free port can be taken between asking and listening: try a few.
        var lastError: Error = SpawnError("the test cluster did not start")
        for _ in 0..<5 {
            let port = try LoopbackPort.free()
            do {
                try run(startCommand(runAs: runAs, binaries: binaries, folder: folder, port: port), log: log)
            } catch {
                lastError = error
                continue
            }
            let password = "pw-" + (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 36) }.joined()
            let cluster = PostgresTestCluster(password: password, port: port, folder: folder, binaries: binaries, runAs: runAs)
            do {
                let admin = try PostgresConnection(cluster.adminConninfo())
                try admin.execute("CREATE ROLE \(cluster.role) LOGIN CREATEDB PASSWORD '\(password)'")
            } catch {
                cluster.stop()
                throw error
            }
            return cluster
        }
        throw lastError
    }

    /// The `pg_ctl start` of the cluster in `folder` on `port`, waiting until it accepts
    /// connections.
    private static func startCommand(runAs: [String], binaries: String, folder: String, port: Int) -> [String] {
        let options = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        return runAs + [binaries + "/pg_ctl", "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "120", "-o", options, "start"]
    }

    /// Stops the server (its data kept), as an administrator's `pg_ctl stop` does: the
    /// sessions are ended (`fast`), the port closes, and `startServer()` brings it back.
    public func stopServer() throws {
        try Self.run(runAs + [binaries + "/pg_ctl", "-D", folder + "/data", "-m", "fast", "-w", "stop"], log: folder + "/setup.log")
    }

    /// Starts the stopped server again on its port, returning once it accepts connections.
    public func startServer() throws {
        try Self.run(Self.startCommand(runAs: runAs, binaries: binaries, folder: folder, port: port), log: folder + "/setup.log")
    }

    /// Stops the server of a cluster from `ownCluster()` and deletes its folder.
    public func destroy() {
        stop()
    }

    /// Runs `arguments` to the end, throwing with the end of `log` unless it exits 0.
    private static func run(_ arguments: [String], log: String) throws {
        do {
            try Spawn.run(arguments, environment: environment, log: log)
        } catch {
            let tail = (try? String(contentsOfFile: log, encoding: .utf8)).map { String($0.suffix(2_000)) } ?? ""
            throw SpawnError("\(error)\n\(tail)")
        }
    }

    /// Stops the server at once and deletes its folder.
    private func stop() {
        try? Self.run(runAs + [binaries + "/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"], log: "/dev/null")
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The atexit hook: stops the process's cluster, if it started one.
    private static func stopShared() {
        running.withLock { running in
            running?.stop()
            running = nil
        }
    }
}
