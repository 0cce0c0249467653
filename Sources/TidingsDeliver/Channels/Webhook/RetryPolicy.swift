import TidingsCore

/// When a webhook delivery that failed for now is tried again: exponential backoff with jitter,
/// never sooner than the receiver asked.
public struct RetryPolicy: Sendable {
    /// The wait after the first failed attempt: 30 s.
    public static let base: Int64 = 30_000
    /// The longest backoff before jitter: 1 h.
    public static let cap: Int64 = 3_600_000
    /// The largest share of the backoff jitter adds or removes: 20 %.
    public static let jitter = 0.2
    /// The longest `Retry-After` honoured: 24 h; a receiver asking for more gets this.
    public static let maxRetryAfter: Int64 = 86_400_000

    /// The backoff after `attempt` failed attempts, before jitter: 30 s × 2^(attempt − 1), at most 1 h.
    public static func backoff(after attempt: Int) -> Int64 {
        let doublings = max(0, attempt - 1)
        // 30 s × 2^7 already passes the cap, so larger shifts are never computed.
        guard doublings < 7 else { return cap }
        return min(cap, base << Int64(doublings))
    }

    /// The instant of the next attempt after `attempt` failed ones (the first is 1), at `now`.
    ///
    /// Jitter spreads retries of items that failed together, so it is applied after the cap:
    /// capped retries land between 48 and 72 minutes. `retryAfter` (milliseconds) is a floor.
    public static func nextAttempt(
        after attempt: Int, retryAfter: Int64?, now: EpochMillis, random: inout some RandomNumberGenerator
    ) -> EpochMillis {
        let factor = Double.random(in: (1 - jitter)...(1 + jitter), using: &random)
        let delay = Int64((Double(backoff(after: attempt)) * factor).rounded())
        let floor = min(max(0, retryAfter ?? 0), maxRetryAfter)
        return now + max(delay, floor)
    }
}

extension RetryPolicy {
    /// The wait a `Retry-After` header asks for, in milliseconds from `now`.
    ///
    /// Reads delay seconds (`120`) or an HTTP date (`Sun, 22 Nov 2026 06:35:00 GMT`, and the
    /// obsolete RFC 850 and asctime forms): 0 for a date in the past, nil when missing or unreadable.
    static func retryAfter(_ header: String?, now: EpochMillis) -> Int64? {
        guard let text = header?.trimmingSpaces(), !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Ten digits are over 300 years; longer values would overflow the multiplication.
            guard text.count <= 10, let seconds = Int64(text) else { return nil }
            return seconds * 1000
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date - now)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The instant of an HTTP date, in any of the three forms RFC 9110 tells recipients to accept.
    static func httpDate(_ text: String) -> EpochMillis? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map { $0.lowercased() }
        guard tokens.count >= 5, tokens.last == "gmt" || tokens.count == 5 else { return nil }
        // IMF-fixdate, RFC 850 and asctime all give the day before the year.
        let numbers = tokens.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) && $0.allSatisfy(\.isASCII) }
        guard numbers.count == 2, let day = Int(numbers[0]), var year = Int(numbers[1]),
            let month = tokens.lazy.compactMap({ months.firstIndex(of: $0) }).first,
            let clock = tokens.first(where: { $0.contains(":") })
        else { return nil }
        if numbers[1].count == 2 {
            year += year < 70 ? 2000 : 1900
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second),
            let date = LocalDate(year: year, month: month + 1, day: day)
        else { return nil }
        let seconds = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1000
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
