import TidingsCore

/// The "as of" label in a stale notification's text, kept true when the notification moves.
public enum StaleLabel {
    /// `body` with the stale label it was written with for a due time of `from` replaced by the
    /// label for `to`, in the same language: content fetched at `fetchTime` that was "from 1 day
    /// ago" at the planned time may be "from 2 days ago" at the new one. The body as it is when
    /// it holds no label of any language (the user's own words, a model's text).
    public static func moved(_ body: String, fetchTime: EpochMillis, from: EpochMillis, to: EpochMillis) -> String {
        let before = max(0, from - fetchTime)
        let after = max(0, to - fetchTime)
        guard before != after else { return body }
        for language in TextLocale.Language.allCases {
            let words = Templates.phrasebook(TextLocale(language: language, format: LocaleFormat(name: nil)))
            let alone = words.staleLabel(before, alone: true)
            if body == alone { return words.staleLabel(after, alone: true) }
            let trailing = " (\(words.staleLabel(before, alone: false)))"
            if body.hasSuffix(trailing) {
                return body.dropLast(trailing.count) + " (\(words.staleLabel(after, alone: false)))"
            }
        }
        return body
    }
}
