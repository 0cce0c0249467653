import TidingsCore
import TidingsStore

extension Diagnosis {
    /// The pending cap: ✗ when it kept items back until they were missed or expired in the last week,
    /// or holds back items due within two days that no freed place would reach in time; else how
    /// full it is.
    func capFinding() -> Finding? {
        let limit = config.plan.maxPending
        guard let database,
            let state = try? database.capState(PendingCap(limit: limit), now: now, soon: now + CapState.soon, since: now - 7 * 86_400_000)
        else { return nil }
        let fill = "\(state.pending) pending of \(limit), \(state.backlog) waiting"
        let fix = "raise plan.max_pending (now \(limit)), or route fewer kinds of items"
        if state.missed > 0 {
            return Finding(
                check: "pending cap", ok: false,
                detail: "\(state.missed) item\(state.missed == 1 ? "" : "s") missed or expired in the last 7 days, held back by the cap; \(fill)",
                fix: fix)
        }
        if state.backlogSoon > 0 {
            return Finding(
                check: "pending cap", ok: false,
                detail: "\(state.backlogSoon) item\(state.backlogSoon == 1 ? "" : "s") due within two days held back past their time; \(fill)",
                fix: fix)
        }
        return Finding(check: "pending cap", ok: true, detail: fill)
    }

    /// ntfy targets with `schedule_ahead`: how many items their servers hold for later; ✗ when
    /// a server refused to hold one (those go out at their time instead).
    func handOverFinding() -> Finding? {
        let targets = config.handOverTargets
        guard !targets.isEmpty, let database, let summary = try? database.handOverSummary(after: now) else { return nil }
        let names = targets.map { "\($0.channel) \(DurationText.format($0.ahead)) ahead" }.joined(separator: ", ")
        let held = "\(summary.held) item\(summary.held == 1 ? "" : "s") held on the server to show at their time"
        guard summary.refused == 0 else {
            return Finding(
                check: "hand-over", ok: false,
                detail: "\(names): \(held); \(summary.refused) refused, sent at their time instead: \(summary.reason ?? "no reason given")",
                fix: "give the ntfy server a message cache and a message-delay-limit at least schedule_ahead, or remove schedule_ahead")
        }
        return Finding(check: "hand-over", ok: true, detail: "\(names): \(held)")
    }
}
