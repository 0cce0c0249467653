import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// `features.personalization` through the built `plan`: the daily update moves toward the
/// hour of the seeded taps, only with the flag and enough days.
@Suite struct PersonalizationEndToEndTests {
    static let zone = Zone.named("Europe/Berlin")

    /// Taps at 09:10 Berlin on each of the `days` days before 2026-11-22.
    static func seed(_ pipeline: Pipeline, days: Int) throws {
        try FileManager.default.createDirectory(atPath: pipeline.folder.file("state"), withIntermediateDirectories: true)
        let taps = (1...days).map { TestClock.at("2026-11-22T09:10", in: zone) - Int64($0) * 86_400_000 }
        try HistorySeed.taps(try TidingsDatabase(path: pipeline.database), at: taps)
    }

    /// The local time of today's daily update in `tidings pending`.
    static func dailyLine(_ pipeline: Pipeline) async throws -> String? {
        try await pipeline.succeed("plan", "--now", "2026-11-22T05:00", "--horizon", "1d")
        let pending = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-22T05:00")
        return pending.split(separator: "\n").first { $0.contains("daily:2026-11-22") }.map(String.init)
    }

    @Test(
        "with the flag and 20 days of taps at 09:10, plan puts the 07:30 update at 09:00",
        arguments: [
            ("personalization = true", 20, "2026-11-22 09:00"),
            ("personalization = false", 20, "2026-11-22 07:30"),
            ("personalization = true", 13, "2026-11-22 07:30"),
        ])
    func plan(flag: String, days: Int, due: String) async throws {
        let pipeline = try Pipeline(config: "[features]\n\(flag)\n")
        try Self.seed(pipeline, days: days)
        let line = try #require(try await Self.dailyLine(pipeline))
        #expect(line.hasPrefix(due), "\(line)")
    }
}
