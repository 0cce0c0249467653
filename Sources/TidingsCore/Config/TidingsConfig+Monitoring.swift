extension TidingsConfig {
    /// How often each stage is expected to succeed, for `report --format nagios`: a stage
    /// not seen succeeding for twice its interval is WARNING, four times CRITICAL.
    public struct Monitoring: Sendable, Equatable {
        /// The expected interval of each watched stage; a stage left out is not watched.
        public var expected: [Stage: Int64] = [.prefetch: 6 * 3_600_000, .plan: 6 * 3_600_000, .deliver: 5 * 60_000]

        /// Where each stage's runs are reported to a watcher (healthchecks.io, Uptime Kuma):
        /// `ping_url` for every stage, `<stage>_ping_url` for one; a stage left out pings nothing.
        public var pingURLs: [Stage: String] = [:]
        /// How often an idle `deliver` (the every-minute run with nothing due) pings, at most.
        public var idlePingEvery: Int64 = 10 * 60_000

        /// The stages that ping: the three the timers run.
        public static let pingingStages: [Stage] = [.prefetch, .plan, .deliver]

        /// Intervals allowed: a second to a leap year.
        public static let intervalRange: ClosedRange<Int64> = 1000...(366 * 86_400_000)

        /// The defaults: prefetch and plan every 6h, deliver every 5m, report not watched.
        public init() {}

        /// Reads `expect_<stage>` keys of `[monitoring]`: a duration, or `"off"` to not
        /// watch the stage.
        static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Monitoring {
            var monitoring = Monitoring()
            for stage in Stage.allCases {
                let key = "expect_\(stage.rawValue)"
                if try table.string(key) == "off" {
                    monitoring.expected[stage] = nil
                } else if let interval = try table.duration(key) {
                    guard intervalRange.contains(interval) else {
                        throw table.error(key, "must be between 1s and 366d; use \"off\" to not watch \(stage.rawValue)")
                    }
                    monitoring.expected[stage] = interval
                }
            }
            try parsePings(&table, into: &monitoring)
            return monitoring
        }

        /// Reads `ping_url`, `<stage>_ping_url` (`""` turns one stage off) and `idle_ping_every`.
        private static func parsePings(_ table: inout TOMLReader, into monitoring: inout Monitoring) throws(ConfigError) {
            let all = try table.string("ping_url")
            if let all, let problem = pingProblem(all) { throw table.error("ping_url", problem) }
            for stage in pingingStages {
                let key = "\(stage.rawValue)_ping_url"
                let own = try table.string(key)
                if let own, own.isEmpty, all != nil { continue }
                if let own, let problem = pingProblem(own) { throw table.error(key, problem) }
                if let url = own ?? all { monitoring.pingURLs[stage] = url }
            }
            if let every = try table.duration("idle_ping_every") {
                guard (60_000...86_400_000).contains(every) else { throw table.error("idle_ping_every", "must be between 1m and 1d") }
                monitoring.idlePingEvery = every
            }
        }

        /// What keeps `url` from being a ping URL: https, or http to this machine, with a host.
        static func pingProblem(_ url: String) -> String? {
            guard !url.isEmpty else { return "empty: leave the key out to ping nothing" }
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                return
                    "expected an https URL (healthchecks.io's https://hc-ping.com/<uuid>, or an Uptime Kuma push URL), found \(ConfigError.quoted(url))"
            }
            return SourceURL.problem(url)
        }
    }
}
