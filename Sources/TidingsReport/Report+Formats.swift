import TidingsCore
import TidingsStore

/// The shapes `report` prints.
public enum ReportFormat: String, Sendable, CaseIterable {
    case table, json, prometheus, nagios
}

extension Report {
    /// A table for people; undefined rates read `n/a`.
    public func table(zone: Zone) -> String {
        var lines = ["Tidings report \(ISOTime.format(since, in: zone)) – \(ISOTime.format(until, in: zone))", ""]
        let rows: [(String, Double?, String)] = [
            ("Fetch success", fetchSuccessRate, "\(fetchSucceeded) of \(fetchAttempts) attempts"),
            ("Delivery", deliveryRate, "\(delivered) delivered, \(missed) missed, \(failed) failed"),
            ("Engagement", engagementRate, "\(counts.tapped) tapped of \(counts.engageableDeliveries)"),
            ("Stale content", staleContentRate, "\(staleDelivered) of \(delivered) delivered"),
        ]
        for (label, value, detail) in rows {
            let padded = label.padding(toLength: 15, withPad: " ", startingAt: 0)
            let percent = Report.percent(value).leftPadded(to: 7)
            lines.append("\(padded)\(percent)   \(detail)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON document: the four rates (null when undefined), the window and the counts.
    public func json(zone: Zone) -> String {
        var counts = JSONLine()
        counts.add("fetchAttempts", fetchAttempts)
        counts.add("fetchSucceeded", fetchSucceeded)
        for outcome in FetchOutcome.allCases {
            counts.add("fetch_\(outcome.rawValue)", self.counts.fetchOutcomes[outcome.rawValue, default: 0])
        }
        counts.add("delivered", delivered)
        counts.add("missed", missed)
        counts.add("failed", failed)
        counts.add("stale", self.counts.deliveredStaleness[Staleness.stale.rawValue, default: 0])
        counts.add("emergency", self.counts.deliveredStaleness[Staleness.emergency.rawValue, default: 0])
        counts.add("engageableDeliveries", self.counts.engageableDeliveries)
        counts.add("tapped", self.counts.tapped)
        var json = JSONLine()
        json.add("since", ISOTime.format(since, in: zone))
        json.add("until", ISOTime.format(until, in: zone))
        json.add("fetchSuccessRate", fetchSuccessRate)
        json.add("deliveryRate", deliveryRate)
        json.add("engagementRate", engagementRate)
        json.add("staleContentRate", staleContentRate)
        json.add("counts", json: counts.string)
        return json.string + "\n"
    }

    /// Prometheus text exposition: a gauge per defined rate (an undefined one is left out,
    /// never NaN), the counts, and when the report was made.
    public func prometheus(generatedAt: EpochMillis) -> String {
        var out = ""
        func metric(_ name: String, _ help: String, _ samples: [(labels: String, value: String)], type: String = "gauge") {
            guard !samples.isEmpty else { return }
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples { out += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        let helps = [
            "fetch_success": "Fetch attempts that succeeded (ok or not modified) over all attempts in the window.",
            "delivery": "Notifications due in the window that were delivered, over delivered + missed + failed.",
            "engagement": "Deliveries the user tapped, over deliveries on channels that report engagement.",
            "stale_content": "Delivered notifications showing stale or emergency content, over delivered.",
        ]
        for rate in rates {
            metric("tidings_\(rate.name)_ratio", helps[rate.name] ?? "", rate.value.map { [("", JSONLine.exact($0))] } ?? [])
        }
        metric("tidings_fetch_attempts", "Fetch attempts in the window by outcome.", FetchOutcome.allCases.map {
            ("{outcome=\"\($0.rawValue)\"}", String(counts.fetchOutcomes[$0.rawValue, default: 0]))
        })
        metric("tidings_notifications", "Notifications due in the window by state.", NotificationState.allCases.map {
            ("{state=\"\($0.rawValue)\"}", String(counts.notificationStates[$0.rawValue, default: 0]))
        })
        metric("tidings_delivered_notifications", "Delivered notifications due in the window by staleness.", Staleness.allCases.map {
            ("{staleness=\"\($0.rawValue)\"}", String(counts.deliveredStaleness[$0.rawValue, default: 0]))
        })
        metric("tidings_report_window_seconds", "Length of the report window.", [("", String((until - since) / 1000))])
        metric("tidings_report_generated_timestamp_seconds", "When this report was generated.", [("", String(generatedAt / 1000))])
        return out
    }

    /// A Nagios plugin line and its status: fetch success and delivery rates below `warn`
    /// are WARNING, below `crit` CRITICAL; undefined rates are not judged.
    public func nagios(warn: Double, crit: Double) -> (line: String, status: Int32) {
        var status: Int32 = 0
        for value in [fetchSuccessRate, deliveryRate].compactMap({ $0 }) {
            if value < crit { status = max(status, 2) } else if value < warn { status = max(status, 1) }
        }
        let word = ["OK", "WARNING", "CRITICAL"][Int(status)]
        let summary = rates.map { "\($0.label) \(Report.percent($0.value))" }.joined(separator: ", ")
        let judged: Set = ["fetch_success", "delivery"]
        let perfdata = rates.compactMap { rate -> String? in
            guard let value = rate.value else { return nil }
            let thresholds = judged.contains(rate.name) ? "\(JSONLine.number(warn)):;\(JSONLine.number(crit)):" : ";"
            return "\(rate.name)_rate=\(JSONLine.number(value));\(thresholds);0;1"
        }
        var line = "TIDINGS \(word) - \(summary)"
        if !perfdata.isEmpty { line += " | " + perfdata.joined(separator: " ") }
        return (line + "\n", status)
    }

    /// The Nagios line and status (3, UNKNOWN) for a report that could not be made.
    public static func nagiosUnknown(_ reason: String) -> (line: String, status: Int32) {
        ("TIDINGS UNKNOWN - \(TextSanitizer.clean(reason))\n", 3)
    }

    static func percent(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        let tenths = Int64((value * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
