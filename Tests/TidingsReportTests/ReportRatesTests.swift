import Testing
import TidingsCore
import TidingsStore

@testable import TidingsReport

/// The four rates and the counts behind them.
@Suite struct ReportRatesTests {
    @Test("Rates from the sample counts")
    func sampleRates() {
        let report = Sample.report
        #expect(report.fetchAttempts == 6)
        #expect(report.fetchSucceeded == 4)
        #expect(report.delivered == 4)
        #expect(report.missed == 3)
        #expect(report.failed == 1)
        #expect(report.expired == 0)
        #expect(report.concluded == 8)
        #expect(report.staleDelivered == 3)
        #expect(report.fetchSuccessRate == 4.0 / 6.0)
        #expect(report.deliveryRate == 0.5)
        #expect(report.engagementRate == 0.25)
        #expect(report.staleContentRate == 0.75)
    }

    @Test("Every rate is undefined (nil) with empty counts")
    func emptyCounts() {
        let report = Sample.empty
        #expect(report.fetchAttempts == 0)
        #expect(report.delivered == 0)
        #expect(report.fetchSuccessRate == nil)
        #expect(report.deliveryRate == nil)
        #expect(report.engagementRate == nil)
        #expect(report.staleContentRate == nil)
        #expect(report.rates.map(\.name) == ["fetch_success", "delivery", "engagement", "stale_content"])
        #expect(report.rates.allSatisfy { $0.value == nil && $0.part == 0 && $0.whole == 0 })
    }

    @Test(
        "Fetch success counts ok and not_modified only",
        arguments: [
            ([FetchOutcome.ok: 1], 1.0),
            ([.notModified: 2, .timeout: 2], 0.5),
            ([.ok: 1, .notModified: 1, .network: 1, .httpStatus: 1, .tooLarge: 1, .invalid: 1, .timeout: 2], 0.25),
            ([.network: 3], 0.0),
        ])
    func fetchSuccess(outcomes: [FetchOutcome: Int], rate: Double) {
        var counts = ReportCounts()
        counts.fetchOutcomes = outcomes
        #expect(Report(since: 0, until: 1, counts: counts).fetchSuccessRate == rate)
    }

    @Test("A fetch outcome this version does not know counts as an attempt, not as a success")
    func unknownFetchOutcome() {
        var counts = ReportCounts()
        counts.fetchOutcomes = [.ok: 1]
        counts.unknownFetchOutcomes = 1
        let report = Report(since: 0, until: 1, counts: counts)
        #expect(report.fetchAttempts == 2)
        #expect(report.fetchSuccessRate == 0.5)
    }

    @Test(
        "Delivery counts delivered, read and dismissed as delivered, over those + missed + failed + expired; pending, backlog, delivering and cancelled are left out",
        arguments: [
            ([NotificationState.read: 1, .dismissed: 1], 1.0),
            ([.delivered: 1, .failed: 1], 0.5),
            ([.dismissed: 1, .missed: 3, .pending: 9, .delivering: 4, .cancelled: 7], 0.25),
            ([.delivered: 1, .expired: 1], 0.5),
            ([.read: 1, .missed: 1, .failed: 1, .expired: 1, .backlog: 5], 0.25),
            ([.expired: 2, .pending: 1], 0.0),
        ])
    func delivery(states: [NotificationState: Int], rate: Double) {
        var counts = ReportCounts()
        counts.notificationStates = states
        #expect(Report(since: 0, until: 1, counts: counts).deliveryRate == rate)
    }

    @Test("Only pending or cancelled items: delivery rate undefined, not zero")
    func deliveryUndefined() {
        var counts = ReportCounts()
        counts.notificationStates = [.pending: 3, .cancelled: 1]
        let report = Report(since: 0, until: 1, counts: counts)
        #expect(report.deliveryRate == nil)
        #expect(report.staleContentRate == nil)
    }

    @Test("Stale content counts stale and emergency over delivered")
    func staleContent() {
        var counts = ReportCounts()
        counts.notificationStates = [.delivered: 5]
        counts.deliveredStaleness = [.fresh: 3, .emergency: 2]
        #expect(Report(since: 0, until: 1, counts: counts).staleContentRate == 0.4)
        counts.deliveredStaleness = [.fresh: 5]
        #expect(Report(since: 0, until: 1, counts: counts).staleContentRate == 0.0)
    }

    @Test("Engagement is tapped over engageable deliveries; undefined without any")
    func engagement() {
        var counts = ReportCounts()
        counts.engageableNotifications = 8
        counts.tapped = 2
        #expect(Report(since: 0, until: 1, counts: counts).engagementRate == 0.25)
        counts.engageableNotifications = 0
        counts.tapped = 0
        #expect(Report(since: 0, until: 1, counts: counts).engagementRate == nil)
    }
}
