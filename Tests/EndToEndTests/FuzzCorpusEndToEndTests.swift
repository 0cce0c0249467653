import Foundation
import Testing
import TidingsTestSupport

/// The fuzz targets' seed corpus and every input that once crashed, replayed through the same
/// code without the fuzzer: each must end quietly.
@Suite struct FuzzCorpusEndToEndTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fuzz").standardized.path

    @Test(
        "tidings-fuzz replays fuzz/corpus and fuzz/regressions of every target without a crash",
        arguments: ["content", "schedule", "config", "ics", "links"])
    func replay(target: String) async throws {
        let files = ["corpus", "regressions"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(Self.fuzz)/\(folder)/\(target)")) ?? [])
                .filter { !$0.hasPrefix(".") }.map { "\(Self.fuzz)/\(folder)/\(target)/\($0)" }
        }
        #expect(!files.isEmpty)
        let result = try await ProgramRunner(environment: [:]).run("tidings-fuzz", [target] + files)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(target): \(files.count) inputs, no crash\n")
    }
}
