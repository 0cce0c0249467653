/// The "(in 10 min)" of a meeting reminder, told again when it is sent: the words were
/// written when the reminder was planned, for its due time, and a run a minute late would
/// otherwise say a minute too much.
public enum Countdown {
    /// Whole minutes from `now` until `start`, rounded up, as the reminder's text counts them.
    public static func minutes(from now: EpochMillis, until start: EpochMillis) -> Int {
        Int((start - now + 59_999) / 60_000)
    }

    /// `text` with its first `(in <planned> ` made `(in <actual> `, in any language whose
    /// phrase has that shape (English `(in 10 min)`, German `(in 10 Min.)`); unchanged when
    /// the phrase is not there, or either count is an hour or more (written in hours then).
    public static func retime(_ text: String, planned: Int, actual: Int) -> String {
        guard planned != actual, (1..<60).contains(planned), (1..<60).contains(actual) else { return text }
        guard let range = text.firstRange(of: "(in \(planned) ") else { return text }
        var retimed = text
        retimed.replaceSubrange(range, with: "(in \(actual) ")
        return retimed
    }
}
