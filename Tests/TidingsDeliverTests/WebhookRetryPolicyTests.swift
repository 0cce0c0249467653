import Testing
import TidingsCore
import TidingsTestSupport

@testable import TidingsDeliver

/// A deterministic generator, so jittered instants are reproducible.
typealias WebhookTestRandom = SplitMix64

/// Exponential backoff with jitter, capped, never sooner than Retry-After.
@Suite struct WebhookRetryPolicyTests {
    let now: EpochMillis = 1_800_000_000_000

    @Test("Backoff doubles from 30 s and stops at 1 h")
    func backoff() {
        #expect(
            (0...9).map { RetryPolicy.backoff(after: $0) } == [
                30_000, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
            ])
        #expect(RetryPolicy.backoff(after: .max) == 3_600_000)
    }

    @Test("Each attempt lands within ±20 % of its backoff", arguments: [1, 2, 3, 6, 8, 20, 1_000])
    func jitterBounds(attempt: Int) {
        var random = WebhookTestRandom(state: UInt64(attempt))
        let base = Double(RetryPolicy.backoff(after: attempt))
        for _ in 0..<200 {
            let delay = RetryPolicy.nextAttempt(after: attempt, retryAfter: nil, now: now, random: &random) - now
            #expect(Double(delay) >= base * 0.8 && Double(delay) <= base * 1.2)
        }
    }

    @Test("The same seed gives the same instants; jitter really varies")
    func deterministic() {
        var first = WebhookTestRandom(state: 42)
        var second = WebhookTestRandom(state: 42)
        let a = (1...5).map { RetryPolicy.nextAttempt(after: $0, retryAfter: nil, now: now, random: &first) }
        let b = (1...5).map { RetryPolicy.nextAttempt(after: $0, retryAfter: nil, now: now, random: &second) }
        #expect(a == b)
        var generator = WebhookTestRandom(state: 7)
        let spread = Set((0..<20).map { _ in RetryPolicy.nextAttempt(after: 1, retryAfter: nil, now: now, random: &generator) })
        #expect(spread.count > 10)
    }

    @Test("Retry-After is a floor, capped at 24 h; a short one leaves the backoff")
    func retryAfter() {
        var random = WebhookTestRandom(state: 1)
        #expect(RetryPolicy.nextAttempt(after: 1, retryAfter: 7_200_000, now: now, random: &random) == now + 7_200_000)
        #expect(RetryPolicy.nextAttempt(after: 1, retryAfter: 172_800_000, now: now, random: &random) == now + 86_400_000)
        let short = RetryPolicy.nextAttempt(after: 3, retryAfter: 1_000, now: now, random: &random) - now
        #expect(short >= 96_000 && short <= 144_000)
        let negative = RetryPolicy.nextAttempt(after: 1, retryAfter: -5_000, now: now, random: &random) - now
        #expect(negative >= 24_000 && negative <= 36_000)
    }

    @Test("Retry-After forms: seconds, IMF, RFC 850, asctime, past dates, garbage")
    func retryAfterForms() {
        let now = WebhookFixture.now
        #expect(RetryPolicy.retryAfter("0", now: now) == 0)
        #expect(RetryPolicy.retryAfter(" 30 ", now: now) == 30_000)
        #expect(RetryPolicy.retryAfter("Sunday, 22-Nov-26 06:31:05 GMT", now: now) == 60_000)
        #expect(RetryPolicy.retryAfter("Sun Nov 22 06:30:15 2026", now: now) == 10_000)
        #expect(RetryPolicy.retryAfter("Sat, 21 Nov 2026 06:30:00 GMT", now: now) == 0)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter("-5", now: now) == nil)
        #expect(RetryPolicy.retryAfter("99999999999999999999", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
    }
}
