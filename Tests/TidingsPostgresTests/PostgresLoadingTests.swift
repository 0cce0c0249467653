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
        let dynamic = try #require(
            BoundedProcess(environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(60)).outputBlocking(["readelf", "--dynamic", try Self.program()]))
        #expect(dynamic.contains("(NEEDED)"))
        #expect(dynamic.contains("libc.so.6"))
        #expect(!dynamic.contains("libpq.so"))
    }

    @Test func aProcessThatOpensNoConnectionNeverLoadsLibpq() async throws {
        // Given this test program run again for one suite that uses TidingsPostgres without
        // connecting, the loader saying every library it maps (LD_DEBUG=files).
        let loaded = try await Self.librariesLoaded(runningOnly: "PostgresLibraryMissingTests")

        #expect(loaded.contains("file=libc.so.6"))
        #expect(!loaded.contains("libpq.so"))
    }

    @Test func aProcessThatConnectsLoadsLibpq() async throws {
        let loaded = try await Self.librariesLoaded(runningOnly: "openingAConnectionMapsLibpq")
        #expect(loaded.contains("file=libpq.so.5"))
    }

    @Test func openingAConnectionMapsLibpq() throws {
        _ = try PostgresTestDatabase().connect()
        // Read to the end: /proc files state no size.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.split(separator: "\n").contains { $0.hasSuffix("/libpq.so.5") || $0.contains("/libpq.so.5.") })
    }

    /// The running test program's path.
    static func program() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// What the dynamic loader says it loaded while this test program runs only the tests
    /// `filter` matches (which must pass).
    static func librariesLoaded(runningOnly filter: String) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let outcome = await BoundedProcess.run(
            try program(), ["--testing-library", "swift-testing", "--filter", filter], environment: environment, limit: .seconds(600))
        guard case .finished(0, let output, let error) = outcome else {
            Issue.record("the test program run for \(filter) failed: \(outcome.problem ?? "")")
            return ""
        }
        #expect((error + output).contains("with 1 test"), "\(error)")
        return error + output
    }
}
