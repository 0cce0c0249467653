import Foundation
import Testing
import TidingsPostgres
import TidingsTestSupport

@Suite struct PostgresConnectionTests {
    @Test func connectsByURLAsThePasswordRole() throws {
        let database = try PostgresTestDatabase()
        let connection = try database.connect()
        let row = try #require(try connection.execute("SELECT current_user AS who, current_database() AS db, 1 + 1 AS two").first)
        #expect(try row.string("who") == "tidings")
        #expect(try row.string("db") == URL(string: database.url)?.lastPathComponent)
        #expect(try row.int64("two") == 2)
        #expect(connection.serverVersion >= 150_000)
        #expect(connection.backendPID > 0)
        #expect(connection.socket >= 0)
    }

    @Test func connectsByConninfoOverTheSocket() throws {
        let cluster = try PostgresTestCluster.shared()
        let connection = try PostgresConnection(cluster.adminConninfo())
        #expect(try connection.execute("SELECT current_user AS who").first?.string("who") == "postgres")
    }

    @Test func takesThePasswordFromAPasswordFile() throws {
        // Given a URL without a password and a password file that holds it (libpq's own rule).
        let database = try PostgresTestDatabase()
        let folder = try TemporaryDirectory()
        let passfile = try folder.write("127.0.0.1:\(database.cluster.port):*:tidings:\(database.cluster.password)\n", to: "pgpass")
        chmod(passfile, 0o600)
        let name = try #require(URL(string: database.url)?.lastPathComponent)
        let url = database.cluster.url(database: name, password: nil) + "?passfile=\(passfile)"

        let connection = try PostgresConnection(url)

        #expect(try connection.execute("SELECT current_user AS who").first?.string("who") == "tidings")
    }

    static let roundTrips: [PostgresValue] = [
        .null, .integer(0), .integer(Int64.max), .integer(Int64.min), .double(0.1), .double(-1.5e300), .double(.infinity),
        .boolean(true), .boolean(false), .text(""), .text("Grüße, 世界 🎉 'quoted' \"double\" \\ back"),
        .text("e" + String(repeating: "\u{0301}", count: 60_000)), .bytes(Data()), .bytes(Data([0, 1, 0x5c, 0x78, 0xff])),
        .bytes(Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
    ]

    @Test(arguments: roundTrips)
    func aParameterComesBackAsItWasSent(_ value: PostgresValue) throws {
        let connection = try PostgresTestDatabase().connect()
        let back = try #require(try connection.execute("SELECT $1 AS value", [value]).first)[0]
        #expect(back == value)
        if case .text(let text) = value { #expect(back.string.map { Array($0.utf8) } == Array(text.utf8)) }
    }

    @Test func typedColumnsAreReadByName() throws {
        // Given a row of every stored type, written with parameters.
        let connection = try PostgresTestDatabase().connect()
        try connection.execute("CREATE TABLE item (id bigint, name text, score double precision, done boolean, body bytea, note text)")
        let body = Data("π\u{0}\u{1}".utf8)
        let inserted = try connection.execute(
            "INSERT INTO item VALUES ($1, $2, $3, $4, $5, $6)", [42, "Grüße", 2.5, true, .bytes(body), PostgresValue(nil as String?)])
        #expect(inserted.affectedRows == 1)

        let result = try connection.execute("SELECT * FROM item WHERE id = $1 AND name = $2", [42, "Grüße"])

        #expect(result.columns == ["id", "name", "score", "done", "body", "note"])
        let row = try #require(result.first)
        #expect(try row.int64("id") == 42)
        #expect(try row.string("name") == "Grüße")
        #expect(try row.double("score") == 2.5)
        #expect(try row.bool("done") == true)
        #expect(try row.value("body").data == body)
        #expect(try row.string("note") == nil)
        #expect(throws: PostgresError.self) { try row.int64("name") }
        #expect(throws: PostgresError.self) { try row.value("missing") }
    }

    @Test func aStringParameterFillsATypedColumn() throws {
        // Text parameters are left for the server to type, as a literal would be.
        let connection = try PostgresTestDatabase().connect()
        try connection.execute("CREATE TABLE event (at timestamptz, doc jsonb)")
        try connection.execute("INSERT INTO event VALUES ($1, $2)", ["2026-11-27T07:30:00Z", #"{"a": 1}"#])
        let row = try #require(try connection.execute("SELECT extract(epoch FROM at)::bigint AS epoch, doc->>'a' AS a FROM event").first)
        #expect(try row.int64("epoch") == 1_795_764_600)
        #expect(try row.string("a") == "1")
    }

    @Test func identifiersAreQuoted() throws {
        let connection = try PostgresTestDatabase().connect()
        let name = try connection.quoteIdentifier(#"odd "name""#)
        #expect(name == #""odd ""name""""#)
        try connection.execute("CREATE TABLE \(name) (v bigint)")
        #expect(try connection.execute("SELECT count(*) AS n FROM \(name)").first?.int64("n") == 0)
    }

    @Test func aClosedConnectionRefusesStatements() throws {
        let connection = try PostgresTestDatabase().connect()
        connection.close()
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error.kind == .connection)
    }
}
