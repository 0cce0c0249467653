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
}
