import Testing
import TidingsPostgres

@Suite struct PostgresTransactionTests {
    struct Abandon: Error {}

    @Test func aThrownErrorRollsTheTransactionBack() throws {
        let connection = try PostgresTestDatabase().connect()
        try connection.execute("CREATE TABLE t (v bigint)")

        #expect(throws: Abandon.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Abandon()
            }
        }
        #expect(throws: PostgresError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (2)")
                try connection.execute("INSERT INTO t VALUES ('not a number')")
            }
        }
        let committed = try connection.transaction { connection in
            try connection.execute("INSERT INTO t VALUES (3)").affectedRows
        }

        #expect(committed == 1)
        #expect(try connection.execute("SELECT array_agg(v)::text AS vs FROM t").first?.string("vs") == "{3}")
    }

    @Test func anAdvisoryLockExcludesASecondSessionUntilTheFirstEnds() throws {
        let database = try PostgresTestDatabase()
        let first = try database.connect()
        let second = try database.connect()

        #expect(try first.tryAdvisoryLock(25))
        #expect(try !second.tryAdvisoryLock(25))

        // The session's end gives the lock back: the second waits for it (the server ends the
        // first backend a moment after the connection closes), bounded by lock_timeout.
        first.close()
        try second.execute("SET lock_timeout = '60s'")
        try second.advisoryLock(25)
        #expect(try second.advisoryUnlock(25))
        #expect(try !second.advisoryUnlock(25))
    }

    @Test func aTransactionLockGoesAtCommit() throws {
        let database = try PostgresTestDatabase()
        let first = try database.connect()
        let second = try database.connect()

        try first.transaction { first in
            try first.advisoryTransactionLock(7)
            #expect(try !second.tryAdvisoryTransactionLock(7))
            #expect(try !second.tryAdvisoryLock(7))
        }

        #expect(try second.tryAdvisoryLock(7))
    }

    @Test func skipLockedClaimsDisjointRows() throws {
        // Given ten rows and two sessions claiming four each, the first still holding its claim.
        let database = try PostgresTestDatabase()
        let setup = try database.connect()
        try setup.execute("CREATE TABLE job (id bigint PRIMARY KEY, worker text)")
        try setup.execute("INSERT INTO job SELECT g, NULL FROM generate_series(1, 10) AS g")
        let first = try database.connect()
        let second = try database.connect()
        let claim = """
            WITH locked AS (SELECT id FROM job WHERE worker IS NULL ORDER BY id LIMIT 4 FOR UPDATE SKIP LOCKED)
            UPDATE job SET worker = $1 FROM locked WHERE job.id = locked.id RETURNING job.id
            """

        let (a, b) = try first.transaction { first in
            let a = try first.execute(claim, ["a"]).rows.compactMap { $0[0].int64 }
            let b = try second.transaction { second in try second.execute(claim, ["b"]).rows.compactMap { $0[0].int64 } }
            return (a, b)
        }

        #expect(a.sorted() == [1, 2, 3, 4])
        #expect(b.sorted() == [5, 6, 7, 8])
        let workers = try setup.execute("SELECT worker, count(*) AS n FROM job GROUP BY worker ORDER BY worker").rows
        #expect(try workers.map { try [$0.string("worker") ?? "-", String($0.int64("n") ?? 0)] } == [["a", "4"], ["b", "4"], ["-", "2"]])
    }
}
