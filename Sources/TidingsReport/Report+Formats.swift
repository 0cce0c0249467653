import TidingsCore
import TidingsStore

/// The shapes `report` prints.
public enum ReportFormat: String, Sendable, CaseIterable {
    case table, json, prometheus, nagios
}

extension Report {
    /// A table for people; undefined rates read `n/a`. With a breakdown by channel, a
    /// section per channel follows.
    public func table(zone: Zone) -> String {
        var lines = ["Tidings report \(ISOTime.format(since, in: zone)) – \(ISOTime.format(until, in: zone))", ""]
        if let configError { lines += ["Config error   \(configError) (the programs go on with its last good version)", ""] }
        let rows: [(String, Double?, String)] = [
            ("Fetch success", fetchSuccessRate, "\(fetchSucceeded) of \(fetchAttempts) attempts"),
            (
                "Delivery", deliveryRate,
                "\(delivered) delivered, \(missed) missed, \(failed) failed, \(expired) expired\(cappedNote)\(duplicatesNote)"
            ),
            ("Engagement", engagementRate, "\(counts.tapped) tapped of \(counts.engageableNotifications)\(snoozedNote)"),
            ("Stale content", staleContentRate, "\(staleDelivered) of \(delivered) delivered"),
        ]
        for (label, value, detail) in rows {
            lines.append(Report.row(label, value, detail))
        }
        lines.append(generatorRow)
        if let channels { lines += [""] + Report.channelSections(channels) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `, 3 snoozed` when the user snoozed items in the window (they are not in the rate).
    var snoozedNote: String {
        (counts.snoozed > 0 ? ", \(counts.snoozed) snoozed" : "") + (counts.nagRepeats > 0 ? ", \(counts.nagRepeats) nag repeats" : "")
    }

    /// ` (2 held back by the pending cap)` when the cap kept items back until they were
    /// missed or expired.
    var cappedNote: String { counts.capped > 0 ? " (\(counts.capped) held back by the pending cap)" : "" }

    /// ` (1 suspected duplicate send)` when a worker whose claim was taken over had sent
    /// items the later worker may have sent again.
    var duplicatesNote: String {
        let n = counts.suspectedDuplicates
        return n > 0 ? " (\(n) suspected duplicate send\(n == 1 ? "" : "s"))" : ""
    }

    /// The table row of generated text: the share the LLM wrote, and every generator's count.
    var generatorRow: String {
        let shares = generatorShares
        let llm = shares.first { $0.name == Generator.llm.rawValue }
        let others = shares.filter { $0.name != Generator.llm.rawValue }.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        return Report.row("LLM text", llm?.share, "\(llm?.count ?? 0) of \(generated) generated (\(others))")
    }

    /// One table row: the label, the rate and what it counts.
    static func row(_ label: String, _ value: Double?, _ detail: String) -> String {
        let padded = label.count < 15 ? label.padding(toLength: 15, withPad: " ", startingAt: 0) : label + " "
        return "\(padded)\(Report.percent(value).leftPadded(to: 7))   \(detail)"
    }

    /// One JSON document: the four rates (null when undefined), the window and the counts;
    /// with a breakdown by channel, `channels` too.
    public func json(zone: Zone) -> String {
        var counts = JSONLine()
        counts.add("fetchAttempts", fetchAttempts)
        counts.add("fetchSucceeded", fetchSucceeded)
        for outcome in FetchOutcome.allCases {
            counts.add("fetch_\(outcome.rawValue)", self.counts.fetchOutcomes[outcome, default: 0])
        }
        counts.add("delivered", delivered)
        counts.add("missed", missed)
        counts.add("cappedMissed", self.counts.capped)
        counts.add("failed", failed)
        counts.add("expired", expired)
        counts.add("stale", self.counts.deliveredStaleness[.stale, default: 0])
        counts.add("emergency", self.counts.deliveredStaleness[.emergency, default: 0])
        counts.add("engageableNotifications", self.counts.engageableNotifications)
        counts.add("tapped", self.counts.tapped)
        counts.add("snoozed", self.counts.snoozed)
        counts.add("nagRepeats", self.counts.nagRepeats)
        counts.add("suspectedDuplicates", self.counts.suspectedDuplicates)
        var generatedCounts = JSONLine()
        var shares = JSONLine()
        for entry in generatorShares {
            generatedCounts.add(entry.name, entry.count)
            shares.add(entry.name, entry.share)
        }
        counts.add("generated", json: generatedCounts.string)
        var json = JSONLine()
        json.add("since", ISOTime.format(since, in: zone))
        json.add("until", ISOTime.format(until, in: zone))
        json.add("fetchSuccessRate", fetchSuccessRate)
        json.add("deliveryRate", deliveryRate)
        json.add("engagementRate", engagementRate)
        json.add("staleContentRate", staleContentRate)
        json.add("generatorShares", json: generated == 0 ? "null" : shares.string)
        json.add("counts", json: counts.string)
        if let channels { json.add("channels", json: Report.channelsJSON(channels)) }
        json.add("configError", configError)
        return json.string + "\n"
    }

    /// Prometheus text exposition: a gauge per defined rate (an undefined one is left out,
    /// never NaN), the counts, when each stage last succeeded, and when the report was made;
    /// with a breakdown by channel, the sends per channel and outcome.
    public func prometheus(generatedAt: EpochMillis) -> String {
        var out = ""
        func metric(_ name: String, _ help: String, _ samples: [(labels: String, value: String)], type: String = "gauge") {
            guard !samples.isEmpty else { return }
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples { out += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        let helps = [
            "fetch_success": "Fetch attempts that succeeded (ok or not modified) over all attempts in the window.",
            "delivery": "Notifications due in the window that were delivered, over delivered + missed + failed + expired.",
            "engagement": "Notifications the user tapped, over notifications that reached a channel that reports engagement (each counted once).",
            "stale_content": "Delivered notifications showing stale or emergency content, over delivered.",
        ]
        for rate in rates {
            metric("tidings_\(rate.name)_ratio", helps[rate.name] ?? "", rate.value.map { [("", JSONLine.exact($0))] } ?? [])
        }
        metric(
            "tidings_fetch_attempts", "Fetch attempts in the window by outcome.",
            FetchOutcome.allCases.map {
                ("{outcome=\"\($0.rawValue)\"}", String(counts.fetchOutcomes[$0, default: 0]))
            })
        metric(
            "tidings_notifications", "Notifications due in the window by state.",
            NotificationState.allCases.map {
                ("{state=\"\($0.rawValue)\"}", String(counts.notificationStates[$0, default: 0]))
            })
        metric(
            "tidings_capped_missed_notifications",
            "Notifications due in the window that the pending cap kept back until they were missed or expired.",
            [
                ("", String(counts.capped))
            ])
        metric(
            "tidings_delivered_notifications", "Delivered notifications due in the window by staleness.",
            Staleness.allCases.map {
                ("{staleness=\"\($0.rawValue)\"}", String(counts.deliveredStaleness[$0, default: 0]))
            })
        metric(
            "tidings_engageable_notifications", "Notifications in the window that reached a channel that reports engagement.",
            [
                ("", String(counts.engageableNotifications))
            ])
        metric(
            "tidings_tapped_notifications", "Of the engageable notifications, the ones the user tapped (on any channel).",
            [
                ("", String(counts.tapped))
            ])
        metric(
            "tidings_snoozed_notifications", "Snoozes of notifications in the window (tidings inbox snooze); not part of the engagement ratio.",
            [
                ("", String(counts.snoozed))
            ])
        metric(
            "tidings_suspected_duplicate_sends",
            "Sends of notifications due in the window by a worker whose claim another worker had taken over: they may have gone twice.",
            [
                ("", String(counts.suspectedDuplicates))
            ])
        metric(
            "tidings_notifications_by_generator", "Notifications due in the window (except cancelled ones) by the generator of their text.",
            generatorShares.map { ("{generator=\"\(Report.labelValue($0.name))\"}", String($0.count)) })
        metric(
            "tidings_generator_share_ratio", "Of the notifications due in the window with generated text, the share each generator wrote.",
            generatorShares.compactMap { entry in entry.share.map { ("{generator=\"\(Report.labelValue(entry.name))\"}", JSONLine.exact($0)) } })
        if let channels {
            metric(
                "tidings_deliveries", "Sends of notifications due in the window by channel and outcome.",
                channels.flatMap { entry in
                    [("delivered", entry.delivered), ("failed", entry.failed), ("retry", entry.retried)].map { outcome, count in
                        ("{channel=\"\(Report.labelValue(entry.channel))\",outcome=\"\(outcome)\"}", String(count))
                    }
                })
        }
        metric(
            "tidings_config_error", "1 while the config file has an error and the programs go on with its last good version, else 0.",
            [("", configError == nil ? "0" : "1")])
        metric("tidings_report_window_seconds", "Length of the report window.", [("", String((until - since) / 1000))])
        metric(
            "tidings_stage_last_success_timestamp_seconds",
            "When each stage last succeeded (its last ok or degraded run, or deliver's idle heartbeat).",
            Stage.allCases.compactMap { stage in
                activity.lastSuccess[stage].map { ("{stage=\"\(stage.rawValue)\"}", String(Report.seconds($0))) }
            })
        metric("tidings_report_generated_timestamp_seconds", "When this report was generated.", [("", String(Report.seconds(generatedAt)))])
        return out
    }

    /// A Nagios plugin line and its status: fetch success and delivery rates below `warn`
    /// are WARNING, below `crit` CRITICAL (undefined rates are not judged); a stage of
    /// `expected` not seen succeeding for twice its interval is WARNING, four times CRITICAL.
    /// Stale stages are named first; every rate shows its counts; perfdata carries the rates,
    /// the counts and each stage's age.
    public func nagios(warn: Double, crit: Double, expected: [Stage: Int64], now: EpochMillis, zone: Zone = .current) -> (line: String, status: Int32)
    {
        var status: Int32 = 0
        for value in [fetchSuccessRate, deliveryRate].compactMap({ $0 }) {
            if value < crit { status = max(status, 2) } else if value < warn { status = max(status, 1) }
        }
        let stages = freshness(expected: expected, now: now)
        status = max(status, stages.map(\.status).max() ?? 0)
        // An item the cap kept back until too late is a promise broken without a failure.
        if counts.capped > 0 { status = max(status, 1) }
        // A config file with an error: the programs go on with its last good version.
        if configError != nil { status = max(status, 1) }
        let word = ["OK", "WARNING", "CRITICAL"][Int(status)]

        let stale =
            ([stages.filter { $0.status > 0 }.map(\.summary).joined(separator: ", ")]
            + (counts.capped > 0 ? ["\(counts.capped) missed or expired behind the pending cap (plan.max_pending)"] : []))
            .filter { !$0.isEmpty }.joined(separator: ", ")
        let sources = nagiosSources(zone: zone)
        let rateSummary = rates.map { "\($0.label) \(Report.percent($0.value)) (\($0.part)/\($0.whole))" }.joined(separator: ", ")
        // A `|` would start the perfdata.
        let config = configError.map { "config error: " + String($0.map { $0 == "|" ? "/" : $0 }) } ?? ""
        let summary = ([config, stale] + sources + [rateSummary]).filter { !$0.isEmpty }.joined(separator: "; ")

        let judged: Set = ["fetch_success", "delivery"]
        var perfdata = rates.compactMap { rate -> String? in
            guard let value = rate.value else { return nil }
            let thresholds = judged.contains(rate.name) ? "\(JSONLine.number(warn)):;\(JSONLine.number(crit)):" : ";"
            return "\(rate.name)_rate=\(JSONLine.number(value));\(thresholds);0;1"
        }
        let countsData = [
            ("fetch_attempts", fetchAttempts), ("fetch_succeeded", fetchSucceeded), ("delivered", delivered),
            ("missed", missed), ("capped_missed", counts.capped), ("failed", failed), ("expired", expired),
            ("engageable_notifications", counts.engageableNotifications), ("tapped", counts.tapped), ("snoozed", counts.snoozed),
            ("stale_delivered", staleDelivered),
        ]
        perfdata += countsData.map { "\($0)=\($1)" }
        perfdata += stages.compactMap { stage -> String? in
            guard let age = stage.age else { return nil }
            let thresholds = stage.expected.map { ";\(2 * $0 / 1000);\(4 * $0 / 1000)" } ?? ""
            return "\(stage.stage.rawValue)_age=\(age / 1000)s\(thresholds)"
        }
        return ("TIDINGS \(word) - \(summary) | \(perfdata.joined(separator: " "))\n", status)
    }

    /// The failing sources for the Nagios line, one entry each: at most three named, each
    /// reason cut to 80 characters, the rest counted (`and 2 more failing sources`). A `|`
    /// in a reason would start the perfdata, so it becomes `/`.
    func nagiosSources(zone: Zone) -> [String] {
        let shown = 3
        var entries = failingSources.prefix(shown).map { failure in
            String(failure.summary(in: zone, reasonLimit: 80).map { $0 == "|" ? "/" : $0 })
        }
        let rest = failingSources.count - shown
        if rest > 0 { entries.append("and \(rest) more failing source\(rest == 1 ? "" : "s")") }
        return entries
    }

    /// The Nagios line and status (3, UNKNOWN) for a report that could not be made.
    public static func nagiosUnknown(_ reason: String) -> (line: String, status: Int32) {
        ("TIDINGS UNKNOWN - \(TextSanitizer.clean(reason))\n", 3)
    }

    /// The Nagios line and status when the store's server cannot be reached: CRITICAL, since
    /// no program can plan or deliver meanwhile, naming the server (without its password)
    /// and libpq's reason.
    public static func nagiosUnreachable(server: String, reason: String) -> (line: String, status: Int32) {
        ("TIDINGS CRITICAL - the store's server \(TextSanitizer.clean(server)) cannot be reached: \(TextSanitizer.clean(reason))\n", 2)
    }

    /// Whole Unix seconds of `millis`, rounded down.
    static func seconds(_ millis: EpochMillis) -> Int64 {
        millis >= 0 || millis % 1000 == 0 ? millis / 1000 : millis / 1000 - 1
    }

    static func percent(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        let tenths = Int64((value * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
