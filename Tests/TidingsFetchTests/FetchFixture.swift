import Foundation
import Synchronization
import Testing
import TidingsCore
import TidingsHTTP
import TidingsStore
import TidingsTestSupport

@testable import TidingsFetch

/// A real database in a temporary folder, a real HTTP server on 127.0.0.1, and shortcuts to
/// fetch from it the way `prefetch` does.
final class FetchFixture {
    let directory: TemporaryDirectory
    let db: TidingsDatabase
    let server: HTTPTestServer

    /// Sunday 2026-11-22 06:00 UTC, the `now` of most tests.
    static let now = TestClock.at("2026-11-22T06:00:00Z")

    init(handler: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) throws {
        directory = try TemporaryDirectory()
        db = try directory.database()
        server = try HTTPTestServer(handler: handler)
    }

    deinit { server.stop() }

    /// The server's URL for `path`.
    func url(_ path: String = "/feed") -> String { server.baseURL + path }

    /// A source named `name` on the server's `path`.
    func source(_ path: String = "/feed", name: String = "daily", timeout: Int64 = 5000) -> TidingsConfig.Source {
        TidingsConfig.Source(name: name, url: url(path), timeout: timeout)
    }

    /// One fetch of `source` with the state stored for it, as `prefetch` would do.
    func fetch(_ source: TidingsConfig.Source, now: EpochMillis = FetchFixture.now, budget: Int64 = 60_000) throws -> FetchResult {
        let state = try db.sourceState(named: source.name)
        return SourceFetcher(client: try HTTPClient()).fetch(source, state: state, now: now, budget: budget)
    }

    /// Stores a successful earlier fetch of `name` from `url` with these validators.
    func seed(name: String = "daily", url: String, etag: String?, lastModified: String?, at: EpochMillis) throws {
        try db.recordFetch(
            url: url, attempt: FetchAttempt(source: name, startedAt: at, durationMs: 5, outcome: .ok),
            update: .replace(
                [NotificationContent(id: "old", title: "Old news", body: "Cached.", scheduledTime: 0, fetchTime: at)],
                etag: etag, lastModified: lastModified))
    }
}

/// A counter the server handler can share with the test.
final class Flag: Sendable {
    let value = Mutex(false)
    var isOn: Bool { value.withLock { $0 } }
    func set(_ on: Bool) { value.withLock { $0 = on } }
}

/// A `{"version":1,"items":[…]}` feed of `(id, title)` items, each due at 07:00Z on 2026-11-22.
func feed(_ items: [(id: String, title: String)]) -> String {
    let objects = items.map {
        "{\"id\":\"\($0.id)\",\"title\":\"\($0.title)\",\"body\":\"Body of \($0.id).\",\"scheduledTime\":1795330800000}"
    }
    return "{\"version\":1,\"items\":[" + objects.joined(separator: ",") + "]}"
}

/// A JSON 200 response.
func json(_ text: String, headers: [(String, String)] = []) -> TestHTTPResponse {
    TestHTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
}

extension FetchCacheUpdate {
    /// `replace`, `replaceCalendar`, `replaceSchedule`, `confirm` or `keep`.
    var kind: String {
        switch self {
        case .replace: "replace"
        case .replaceCalendar: "replaceCalendar"
        case .replaceSchedule: "replaceSchedule"
        case .confirm: "confirm"
        case .keep: "keep"
        }
    }

    /// The payload of a `.replace`, nil otherwise.
    var replaced: (items: [NotificationContent], etag: String?, lastModified: String?)? {
        guard case .replace(let items, let etag, let lastModified) = self else { return nil }
        return (items, etag, lastModified)
    }
}
