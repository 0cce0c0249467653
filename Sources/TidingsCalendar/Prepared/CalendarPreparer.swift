import TidingsCore

/// Expands calendars from their prepared forms, parsing an ICS only when no usable prepared
/// form of its exact text is kept: the first time, after its bytes changed, or when the kept
/// form is damaged, stale or from another build (it is then rebuilt and kept again).
///
/// Where the forms are kept is the caller's, one per key (a calendar source's name): `load`
/// returns the bytes kept under a key (nil when none), `store` replaces them. Both may fail quietly: a form not kept costs a parse
/// the next time, nothing more.
public final class CalendarPreparer {
    private let load: (String) -> [UInt8]?
    private let store: (String, [UInt8]) -> Void
    /// How many ICS texts this preparer parsed (a form was missing or unusable).
    public private(set) var parsed = 0
    /// How many calendars it took from a kept prepared form.
    public private(set) var loaded = 0
    /// Why each kept form it could not use was refused, for narration and tests.
    public private(set) var refused: [String] = []

    /// A preparer that keeps its forms through `load` and `store`.
    public init(load: @escaping (String) -> [UInt8]?, store: @escaping (String, [UInt8]) -> Void) {
        self.load = load
        self.store = store
    }

    /// A preparer that keeps nothing: every calendar is parsed.
    public static func none() -> CalendarPreparer { CalendarPreparer(load: { _ in nil }, store: { _, _ in }) }

    /// `ICalendar.expand` of `text`, from the prepared form kept under `key` when that is one
    /// of `text`.
    public func expand(
        _ text: String, key: String, from: EpochMillis, until: EpochMillis, floatingZone: Zone, maxOccurrencesPerEvent: Int = 1000
    ) throws(CalendarError) -> CalendarExpansion {
        if let prepared = kept(key, for: text) {
            loaded += 1
            return try ICalendar.expand(
                prepared, from: from, until: until, floatingZone: floatingZone, maxOccurrencesPerEvent: maxOccurrencesPerEvent)
        }
        parsed += 1
        return try ICalendar.expand(
            text, from: from, until: until, floatingZone: floatingZone, maxOccurrencesPerEvent: maxOccurrencesPerEvent,
            workBudget: ICalendar.timeLimit,
            prepared: { [store] prepared in
                if let bytes = prepared.encoded(for: text) { store(key, bytes) }
            })
    }

    /// The form kept under `key` when it is one of `text`; the bytes are let go before the
    /// expansion starts.
    private func kept(_ key: String, for text: String) -> PreparedCalendar? {
        guard let bytes = load(key) else { return nil }
        do {
            return try PreparedCalendar(decoding: bytes, for: text)
        } catch {
            refused.append(error.reason)
            return nil
        }
    }

    /// `ICalendar.read` of `bytes` (as prefetch receives a calendar), keeping its prepared
    /// form under `key` for the plans to come.
    public func read(_ bytes: [UInt8], key: String) throws(CalendarError) -> CalendarText {
        parsed += 1
        var prepared: PreparedCalendar?
        let read = try ICalendar.read(bytes, prepared: { prepared = $0 })
        // The text kept is what the form must match: the bytes with split characters joined.
        if let bytes = prepared?.encoded(for: read.text) { store(key, bytes) }
        return read
    }
}
