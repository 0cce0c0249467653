import TidingsCore
import TidingsStore

/// How long ago one stage last succeeded, judged against how often it should.
public struct StageFreshness: Sendable, Equatable {
    /// The stage.
    public var stage: Stage
    /// The start of its last successful run (or its heartbeat); nil when it never succeeded.
    public var lastSuccess: EpochMillis?
    /// How long ago that was, never negative; nil when it never succeeded.
    public var age: Int64?
    /// How often it is expected to succeed; nil when it is not watched.
    public var expected: Int64?
    /// 0 OK, 1 WARNING (older than twice `expected`, or never succeeded on a pipeline older
    /// than that), 2 CRITICAL (older than four times `expected`).
    public var status: Int32

    /// For the Nagios line: `deliver last succeeded 31 min ago (expected every 5 min)`.
    public var summary: String {
        let expectation = expected.map { " (expected every \(StageFreshness.span($0)))" } ?? ""
        guard let age else { return "\(stage.rawValue) never succeeded\(expectation)" }
        return "\(stage.rawValue) last succeeded \(StageFreshness.span(age)) ago\(expectation)"
    }

    /// A span for people, rounded down: `45 s`, `31 min`, `13 h`, `3 d`.
    static func span(_ millis: Int64) -> String {
        let seconds = max(0, millis) / 1000
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 120 * 60 { return "\(seconds / 60) min" }
        if seconds < 48 * 3600 { return "\(seconds / 3600) h" }
        return "\(seconds / 86_400) d"
    }
}

extension Report {
    /// Each stage's freshness at `now` against `expected` (the `[monitoring]` intervals).
    /// A stage that never succeeded is a WARNING once the pipeline has been seen for twice
    /// its interval, and not judged before (a new install has not run everything yet).
    public func freshness(expected: [Stage: Int64], now: EpochMillis) -> [StageFreshness] {
        Stage.allCases.map { stage in
            let interval = expected[stage]
            let last = activity.lastSuccess[stage]
            let age = last.map { max(0, now - $0) }
            var status: Int32 = 0
            if let interval {
                if let age {
                    status = age > 4 * interval ? 2 : age > 2 * interval ? 1 : 0
                } else if let firstSeen = activity.firstSeen, now - firstSeen > 2 * interval {
                    status = 1
                }
            }
            return StageFreshness(stage: stage, lastSuccess: last, age: age, expected: interval, status: status)
        }
    }
}
