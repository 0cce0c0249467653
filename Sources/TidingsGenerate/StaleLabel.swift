import TidingsCore

/// The "as of" label in a stale notification's text, kept true when the notification moves.
public enum StaleLabel {
    /// `body` of content `age` old with its stale label in `locale`'s language: `News (from 1
    /// day ago)`, or the label alone when the body is empty. The body is cut first when the
    /// two would pass the body's limit, so the label is never the part cut off; a body that
    /// already ends in the label is kept. The templates and every other writer (an LLM's
    /// rewrite) label stale text here.
    public static func labelled(_ body: String, age: Int64, locale: TextLocale) -> String {
        labelled(body, age: age, words: Templates.phrasebook(locale))
    }

    /// `labelled(_:age:locale:)` in the language of `words`.
    static func labelled(_ body: String, age: Int64, words: Phrasebook) -> String {
        let alone = words.staleLabel(age, alone: true)
        if body.isEmpty || body == alone { return alone }
        let trailing = " (\(words.staleLabel(age, alone: false)))"
        let limit = TextLimit.body
        let room = TextLimit(characters: limit.characters - trailing.count, bytes: limit.bytes - trailing.utf8.count)
        let kept = body.hasSuffix(trailing) ? String(body.dropLast(trailing.count)) : body
        return room.cut(kept) + trailing
    }

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
