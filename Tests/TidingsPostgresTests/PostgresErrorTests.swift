import Foundation
import Testing
import TidingsTestSupport

@testable import TidingsPostgres

@Suite struct PostgresErrorTests {
    @Test func aUniqueViolationCarriesItsSQLState() throws {
        let connection = try PostgresTestDatabase().connect()
        try connection.execute("CREATE TABLE u (k text PRIMARY KEY)")
        try connection.execute("INSERT INTO u VALUES ($1)", ["a"])

        let error = try #require(throws: PostgresError.self) { try connection.execute("INSERT INTO u VALUES ($1)", ["a"]) }

        #expect(error.kind == .statement)
        #expect(error.sqlState == "23505")
        #expect(error.isUniqueViolation)
        #expect(error.description.contains("u_pkey"))
        #expect(error.description.contains("(SQLSTATE 23505)"))
        // The connection goes on after a failed statement.
        #expect(try connection.execute("SELECT count(*) AS n FROM u").first?.int64("n") == 1)
    }

    @Test func aWrongPasswordIsNamedButNotShown() throws {
        let cluster = try PostgresTestCluster.shared()
        let wrong = "Wr0ng-secret-\(cluster.password)"
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(cluster.url(database: "postgres", password: wrong)) }
        #expect(error.kind == .connection)
        #expect(error.description.contains("password authentication failed"))
        #expect(error.description.contains("postgresql://tidings:***@127.0.0.1:\(cluster.port)/postgres"))
        Self.expectNoPassword(error, [wrong, cluster.password])
    }

    @Test func aWrongPasswordInAConninfoIsNotShown() throws {
        let cluster = try PostgresTestCluster.shared()
        let wrong = "it's a secret"
        let conninfo = #"host=127.0.0.1 port=\#(cluster.port) user=tidings password='it\'s a secret' dbname=postgres"#
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(conninfo) }
        #expect(error.description.contains("password authentication failed"))
        #expect(error.description.contains("password=***"))
        Self.expectNoPassword(error, [wrong, #"it\'s a secret"#])
    }

    @Test(arguments: [
        // A name that does not resolve, a port where nothing listens, a URL libpq cannot parse.
        "postgresql://tidings:%@@db.nonexistent.invalid:5432/tidings?connect_timeout=5",
        "postgresql://tidings:%@@127.0.0.1:1/tidings?connect_timeout=5",
        "postgresql://tidings:%@%zz@127.0.0.1:1/tidings",
    ])
    func anUnreachableServerIsNamedWithoutThePassword(_ template: String) throws {
        let password = try PostgresTestCluster.shared().password
        let url = template.replacingOccurrences(of: "%@", with: password)
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(url) }
        #expect(error.kind == .connection)
        #expect(error.description.contains("tidings:***@"))
        Self.expectNoPassword(error, [password])
    }

    @Test func badSQLIsReportedWithoutThePassword() throws {
        let database = try PostgresTestDatabase()
        let connection = try database.connect()
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELEC 1") }
        #expect(error.kind == .statement)
        #expect(error.sqlState == "42601")
        #expect(error.description.contains("syntax error"))
        Self.expectNoPassword(error, [database.cluster.password])
    }

    @Test func aTerminatedSessionIsAConnectionError() async throws {
        // Given a session whose backend the administrator ends.
        let database = try PostgresTestDatabase()
        let connection = try database.connect()
        let admin = try PostgresConnection(database.cluster.adminConninfo())
        #expect(try admin.execute("SELECT pg_terminate_backend($1::integer) AS ended", [.integer(Int64(connection.backendPID))]).first?[0] == true)
        let pid = PostgresValue.integer(Int64(connection.backendPID))
        #expect(try await waitUntil { try admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]).rows.isEmpty })

        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT 1") }

        #expect(error.kind == .connection)
        #expect(error.description.contains("tidings:***@127.0.0.1"))
        Self.expectNoPassword(error, [database.cluster.password])
    }

    @Test func aPercentEncodedPasswordIsHiddenInBothForms() {
        let target = PostgresTarget("postgresql://me:p%40ss%2Fw0rd@db/x?sslmode=verify-full")
        #expect(target.redacted == "postgresql://me:***@db/x?sslmode=verify-full")
        #expect(target.redact("failed for p@ss/w0rd and p%40ss%2Fw0rd") == "failed for *** and ***")
        #expect(PostgresTarget("postgresql://db/x?user=me&password=s3cret").redacted == "postgresql://db/x?user=me&password=***")
        #expect(PostgresTarget("host=db password = s3cret user=me").redacted == "host=db password = *** user=me")
        #expect(PostgresTarget("postgresql://me@db/x").redacted == "postgresql://me@db/x")
    }

    /// Checks that no form of the error's text holds any of `passwords`.
    static func expectNoPassword(_ error: PostgresError, _ passwords: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [error.description, String(describing: error), "\(error)", error.message, error.target ?? ""] {
            for password in passwords {
                #expect(!text.contains(password), "\(text)", sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite struct PostgresLibraryMissingTests {
    @Test func theMessageSaysWhatToInstall() {
        let error = PostgresError.libraryMissing("libpq.so.5: cannot open shared object file: No such file or directory")
        #expect(error.kind == .libraryMissing)
        #expect(
            error.description
                == "PostgreSQL support needs libpq (Debian: apt install libpq5): libpq.so.5: cannot open shared object file: No such file or directory"
        )
    }
}
