import Foundation
import TidingsPostgres
import TidingsTestSupport

/// A fresh database on the process's test cluster and a connection to it.
struct PostgresTestDatabase {
    let cluster: PostgresTestCluster
    let url: String

    init() throws {
        cluster = try PostgresTestCluster.shared()
        url = try cluster.createDatabase().absoluteString
    }

    /// A new connection to the database.
    func connect() throws -> PostgresConnection { try PostgresConnection(url) }
}
