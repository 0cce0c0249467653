import Foundation
import Testing
import TidingsPostgres
import TidingsProcess

/// libpq is loaded on first use, like libcurl: nothing links it, so a process that never
/// opens a PostgreSQL connection never maps it.
@Suite struct PostgresLoadingTests {
    @Test func theTestProgramDoesNotLinkLibpq() throws {
        // This program holds TidingsPostgres and every other module; its needed libraries
        // are what the loader maps at start.
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let dynamic = try #require(
            BoundedProcess(environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(60)).outputBlocking(["readelf", "--dynamic", program]))
        #expect(dynamic.contains("(NEEDED)"))
        #expect(dynamic.contains("libc.so.6"))
        #expect(!dynamic.contains("libpq"))
    }

    @Test func openingAConnectionMapsLibpq() throws {
        _ = try PostgresTestDatabase().connect()
        // Read to the end: /proc files state no size.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.split(separator: "\n").contains { $0.hasSuffix("/libpq.so.5") || $0.contains("/libpq.so.5.") })
    }
}
