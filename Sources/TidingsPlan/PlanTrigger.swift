import TidingsCore
import TidingsStore

/// Whether `plan --if-changed` has work: a plan is due when something it reads changed since
/// the last plan that wrote its schedule, or when that plan is old enough that time alone
/// changes what it would write.
public enum PlanTrigger {
    /// The longest a schedule stands without a plan: the daily plan of the timers before them
    /// (four times a day), so ages, staleness and the horizon move on.
    public static let maxAge: Int64 = 6 * 3_600_000

    /// Why a plan is due at `now`, or nil when the last one still holds: no plan on record,
    /// other inputs (`fingerprint`: config, locale, zone), a source whose cached content
    /// changed after it started, a new local day, or `maxAge` passed.
    public static func reason(
        database: TidingsDatabase, fingerprint: String, now: EpochMillis, zone: Zone
    ) throws(StoreError) -> String? {
        guard let last = try database.planInputs() else { return "no plan on record" }
        if last.fingerprint != fingerprint { return "the config, the locale or the zone changed" }
        let changed = try database.sourcesChanged(after: last.changeSeq)
        if !changed.isEmpty { return "new content from " + changed.joined(separator: ", ") }
        if now < last.plannedAt { return "the clock is before the last plan" }
        if now - last.plannedAt >= maxAge { return "the last plan is \(DurationText.format(now - last.plannedAt)) old" }
        if zone.date(of: now) != zone.date(of: last.plannedAt) { return "a new day" }
        return nil
    }

    /// The fingerprint of a plan's inputs besides the cache: the config's text (nil: the
    /// built-in defaults), the locale and zone variables, and the horizon.
    public static func fingerprint(configText: String?, environment: [String: String], horizon: Int64) -> String {
        let variables = ["LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC", "LANG", "LANGUAGE", "TZ"].map { "\($0)=\(environment[$0] ?? "")" }
        return StableHash.hex(([configText ?? "(built-in defaults)", "horizon=\(horizon)"] + variables).joined(separator: "\u{0}"))
    }
}
