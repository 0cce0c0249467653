import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

/// The sources whose last fetch attempt failed.
@Suite struct SourceHealthTests {
    @Test("failingSources: the sources whose last attempt failed, since their first failure after the last success")
    func failingSources() throws {
        let dir = try TemporaryDirectory()
        let database = try dir.database()
        func attempt(_ source: String, _ minute: Int64, _ outcome: FetchOutcome, status: Int? = nil, reason: String? = nil) throws {
            try database.recordFetch(
                url: "https://example.org/\(source)",
                attempt: FetchAttempt(
                    source: source, startedAt: minute * 60_000, durationMs: 5, outcome: outcome, httpStatus: status, reason: reason),
                update: outcome.isSuccess ? .confirm : .keep)
        }
        // Given news failing twice, recovering, then failing three times; weather failing
        // without a reason; fine recovering; old gone from the config.
        try attempt("news", 1, .httpStatus, status: 500, reason: "HTTP 500 from x")
        try attempt("news", 2, .httpStatus, status: 500, reason: "HTTP 500 from x")
        try attempt("news", 3, .ok)
        try attempt("news", 4, .timeout, reason: "no answer in 30 s")
        try attempt("news", 5, .httpStatus, status: 503, reason: "HTTP 503 from x")
        try attempt("news", 6, .httpStatus, status: 503, reason: "HTTP 503 from x")
        try attempt("weather", 2, .httpStatus, status: 502)
        try attempt("fine", 1, .invalid, reason: "invalid content")
        try attempt("fine", 2, .notModified)
        try attempt("old", 1, .network, reason: "refused")

        let failing = try database.failingSources(among: ["news", "weather", "fine"])
        #expect(
            failing == [
                SourceFailure(
                    source: "news", since: 4 * 60_000, attempts: 3, outcome: "http_status", reason: "HTTP 503 from x", lastSuccess: 3 * 60_000),
                SourceFailure(source: "weather", since: 2 * 60_000, attempts: 1, outcome: "http_status", reason: "HTTP 502", lastSuccess: nil),
            ])
        #expect(try database.failingSources().map(\.source) == ["news", "old", "weather"])
        #expect(failing[0].summary(in: .utc) == "source \"news\" failing since 1970-01-01 00:04 (3 attempts): HTTP 503 from x")
        #expect(failing[1].detail(in: .utc) == "failing since 1970-01-01 00:02 (1 attempt): HTTP 502")
        let long = SourceFailure(source: "s", since: 0, attempts: 2, outcome: "invalid", reason: String(repeating: "r", count: 500), lastSuccess: nil)
        #expect(long.detail(in: .utc, reasonLimit: 80) == "failing since 1970-01-01 00:00 (2 attempts): " + String(repeating: "r", count: 79) + "…")
    }
}
