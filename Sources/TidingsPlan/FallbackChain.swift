import TidingsCore
import TidingsGenerate
import TidingsStore

/// The text a notification shows, and how current it is.
public struct PlannedText: Sendable, Equatable {
    public var title: String
    public var body: String
    public var deepLink: String?
    public var staleness: Staleness
    /// The fetch time of the content used; nil for an emergency line.
    public var fetchTime: EpochMillis?
    /// When the content used stops being shown, if it says.
    public var expiresAt: EpochMillis?
    /// The content item used (`content:<source>/<id>`); nil for an emergency line.
    public var subject: String?
    /// The content item's own text and link, without the age label: a change is a correction.
    public var fingerprint: String?
    /// Who wrote the text.
    public var generator: Generator = .template
    /// Why a language model's text was not used, when `generator` is `llm-fallback`.
    public var generatorReason: String?
    /// The content item's `data` object, when it passes `ContentData`'s checks.
    public var data: String?
}

/// Chooses what a notification says: fresh content; else the last-known-good, marked
/// stale with its age at the due time; else an emergency line.
public struct FallbackChain: Sendable {
    /// The fallback settings.
    public let config: TidingsConfig.Fallback

    /// A chain for `config`.
    public init(config: TidingsConfig.Fallback) { self.config = config }

    /// The title used for emergency lines (in English).
    public static let emergencyTitle = "Your daily update"

    /// The text for the notification of local day `date`, due at `due`, worded by `wording`.
    ///
    /// Content counts for a day when its `scheduledTime` is before the end of that day; of
    /// those the latest scheduled wins (then the latest fetched). It is fresh when it was
    /// fetched, or confirmed unchanged, at most `stale_after` before `due`. Content that
    /// has expired by `due` does not count.
    public func text(
        for date: LocalDate, due: EpochMillis, zone: Zone, content: [CachedContent], wording: Wording = .english
    ) -> PlannedText {
        let endOfDay = zone.startOfDay(date.adding(days: 1))
        let best =
            content
            .filter { $0.scheduledTime < endOfDay && ($0.expiresAt ?? .max) > due }
            .max { ($0.scheduledTime, $0.fetchTime, $0.id) < ($1.scheduledTime, $1.fetchTime, $1.id) }
        guard let best else {
            let line = config.messages.isEmpty ? nil : EmergencyMessages.line(for: date, from: config.messages)
            let words = wording.write(.daily(.emergency(configuredLine: line, date: date)))
            return PlannedText(
                title: words.title, body: words.body, deepLink: nil, staleness: .emergency, fetchTime: nil, generator: words.generator,
                generatorReason: words.fallbackReason)
        }
        let age = due - best.fetchTime
        let stale = age > config.staleAfter
        let words = wording.write(.daily(.content(title: best.title, body: best.body, staleAge: stale ? age : nil)))
        return PlannedText(
            title: words.title, body: words.body, deepLink: best.deepLink, staleness: stale ? .stale : .fresh,
            fetchTime: best.fetchTime, expiresAt: best.expiresAt, subject: "content:\(best.source)/\(best.id)",
            fingerprint: [best.title, best.body, best.deepLink ?? ""].joined(separator: "\u{1f}"), generator: words.generator,
            generatorReason: words.fallbackReason, data: ContentData.accepted(best.data))
    }
}
