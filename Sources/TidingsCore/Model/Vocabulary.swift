/// A word the database stores as text and the programs print: a state, a kind, an outcome.
/// Its raw value is the stored text, and a message shows that text (`not_modified`,
/// `TAPPED`), never the Swift name of the case.
public protocol VocabularyWord: RawRepresentable<String>, CaseIterable, Codable, Sendable, CustomStringConvertible {}

extension VocabularyWord {
    /// The stored text.
    public var description: String { rawValue }
}

/// What produced a notification.
public enum NotificationKind: String, VocabularyWord {
    /// The daily update from fetched content.
    case daily
    /// A test notification sent by `tidings test`.
    case test
    /// A reminder before a meeting from a calendar.
    case meeting
    /// The weekly summary of the calendar.
    case weekly
    /// An entry of a remote schedule.
    case schedule
    /// Several items of one kind due close together, merged into one by `tidings pending --group`.
    case digest
    /// A short observation drawn from the user's own history (meeting hours, reading, stale content).
    case insight
    /// A reminder the user added (`tidings add`), once or as an occurrence of a repeat.
    case reminder
    /// Tidings telling the person about itself: the config file has an error, and what goes on.
    case notice
    /// A message from the server of `[realtime]`, received by `tidings listen`.
    case push
}

/// A notification's category; it chooses urgency, routing and whether quiet hours apply.
public enum Category: String, VocabularyWord {
    /// Passes quiet hours.
    case transactional
    case system
    case social
    case marketing
}

/// Where a notification is in its life.
public enum NotificationState: String, VocabularyWord {
    case pending
    /// Planned, but waiting for room under `plan.max_pending` (the least important wait).
    case backlog
    /// Claimed by a `deliver` run that is sending it now.
    case delivering
    case delivered
    case read
    case dismissed
    case failed
    case missed
    /// Not delivered before its expiry (a meeting that began, a day that ended).
    case expired
    case cancelled

    /// Whether the notification reached the user (read and dismissed ones did too).
    public var reachedUser: Bool { self == .delivered || self == .read || self == .dismissed }
}

/// How current the content of a notification was when it was planned.
public enum Staleness: String, VocabularyWord {
    /// From content fetched within `stale_after` of the due time.
    case fresh
    /// From the last-known-good content, older than `stale_after`.
    case stale
    /// From the built-in (or configured) emergency lines: no content at all.
    case emergency
}

/// What the user did with a delivered notification.
public enum Engagement: String, VocabularyWord {
    case tapped = "TAPPED"
    case dismissed = "DISMISSED"
    case ignored = "IGNORED"
    /// Put off for later (`tidings inbox snooze`): the item comes back, through its route,
    /// when the snooze ends.
    case snoozed = "SNOOZED"
}

/// How one send of a notification on one channel ended, as a delivery row records it.
public enum DeliveryOutcome: String, VocabularyWord {
    /// The channel took it.
    case delivered
    /// Delivered, then an update of the item reached the same channel: the item counts once.
    case replaced
    /// It failed for good.
    case failed
    /// It failed for now; another try waits in the outbox.
    case retry
    /// Never sent: it was due too long ago.
    case missed
    /// Never sent: its expiry came first.
    case expired
    /// Taken back: the channel removed what it showed of an item no longer wanted (a
    /// cancelled meeting's reminder). The item's own delivery stays counted.
    case cleared
    /// A repeat of an item that nags until seen (`NagRule`), sent again on a channel that
    /// took it (replacing its copy where the channel can), with `failureReason` when the
    /// repeat did not go through. Outside the rates: the item counts once.
    case repeated
}

/// How one fetch attempt ended.
public enum FetchOutcome: String, VocabularyWord {
    case ok
    case notModified = "not_modified"
    case timeout
    case network
    case httpStatus = "http_status"
    case invalid
    case tooLarge = "too_large"

    /// Whether the attempt left the source with current content.
    public var isSuccess: Bool { self == .ok || self == .notModified }
}

/// How one run of a program ended.
public enum StageOutcome: String, VocabularyWord {
    /// Everything worked.
    case ok
    /// Done, but something fell back (a failed source, stale or emergency content).
    case degraded
    /// The stage could not do its job.
    case failed
}

/// The programs of the pipeline.
public enum Stage: String, VocabularyWord {
    case prefetch, plan, deliver, report
}

/// Who wrote a notification's text, as `notification.generator` stores it and `report`
/// counts it. A fallback's reason is a separate column (`generatorReason`).
public enum Generator: String, VocabularyWord {
    /// The built-in templates.
    case template
    /// A language model.
    case llm
    /// The templates, after a language model failed or was refused.
    case llmFallback = "llm-fallback"
}
