import Foundation
import Testing
import TidingsTestSupport

/// A config error through a built program.
@Suite struct ConfigErrorEndToEndTests {
    @Test("a 5 MB value in the config gives one short line on stderr: the value cut, with its length")
    func hugeValue() async throws {
        let value = String(repeating: "a", count: 5 << 20)
        let pipeline = try Pipeline(config: "[daily]\ntime = \"\(value)\"\n")
        let result = try await pipeline.run("plan", "--now", "2026-11-22T06:00")
        #expect(result.status == 64)
        #expect(result.stderr.utf8.count < 700, "\(result.stderr.utf8.count) bytes")
        #expect(
            result.stderr.hasPrefix("plan: error: config \(pipeline.config): line 2: daily.time: expected a time as HH:MM"),
            "\(result.stderr.prefix(300))")
        #expect(result.stderr.hasSuffix(String(repeating: "a", count: 200) + "…\" (5242880 characters)\n"), "\(result.stderr.suffix(300))")
    }
}
