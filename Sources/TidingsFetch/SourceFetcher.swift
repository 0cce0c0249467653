import TidingsCalendar
import TidingsCore
import TidingsHTTP
import TidingsStore

/// The result of fetching one source once, before it is stored.
public struct FetchResult: Sendable {
    /// The attempt row.
    public var attempt: FetchAttempt
    /// What it does to the cache.
    public var update: FetchCacheUpdate
    /// What is worth telling under `--verbose` (a CalDAV source's requests and calendars).
    public var note: String?

    /// The start of a remote schedule's body as it arrived, kept or refused (`prefetch -v`).
    public var preview: SchedulePreview? = nil

    /// A result with its attempt, its update and, when there are, a note and a preview.
    public init(attempt: FetchAttempt, update: FetchCacheUpdate, note: String? = nil, preview: SchedulePreview? = nil) {
        self.attempt = attempt
        self.update = update
        self.note = note
        self.preview = preview
    }
}

/// Fetches one content source with a conditional GET and validates what comes back.
public struct SourceFetcher {
    /// Largest content body accepted.
    public static let maxContentBytes = 1 << 20
    /// Largest calendar accepted.
    public static let maxCalendarBytes = 10 << 20
    /// The `User-Agent` sent with every request.
    public static let userAgent = "Tidings/\(TidingsVersion.current) (offline-first notifications; +https://github.com/tidings)"

    let client: HTTPClient
    /// Where a new calendar is kept parsed for plan (see `PreparedCalendarFolder`); nil: nowhere.
    private let prepared: PreparedCalendarFolder?
    /// Where sources' passwords and tokens given by variable are read.
    private let environment: [String: String]
    /// Where CalDAV sources keep what they learned between fetches; nil: nowhere (each
    /// fetch finds and reads their calendars in full).
    public var caldavStates: CalDAVStateFolder?
    /// How far ahead of now plan reads calendars (its horizon and the longest lead time):
    /// the least a CalDAV source's events are asked for.
    public var reach: Int64 = 2 * 86_400_000

    /// A fetcher using `client`, keeping the calendars it reads prepared in `prepared`, reading
    /// logins' secrets from `environment` (or their files).
    public init(client: HTTPClient, prepared: PreparedCalendarFolder? = nil, environment: [String: String] = [:]) {
        self.client = client
        self.prepared = prepared
        self.environment = environment
    }

    /// Fetches `source`, at most `budget` milliseconds, given its stored `state`.
    /// Never throws: every failure is an attempt row with its outcome and reason.
    public func fetch(_ source: TidingsConfig.Source, state: SourceState?, now: EpochMillis, budget: Int64) -> FetchResult {
        let attempt = AttemptStamp(source: source.name, startedAt: now)
        if let problem = SourceURL.problem(source.url) {
            return FetchResult(attempt: attempt(.network, reason: "refused URL: \(problem)"), update: .keep)
        }
        if source.type == .calendar, let folder = CalendarFolder(url: source.url) {
            return read(folder, of: source, state: state, attempt: attempt)
        }
        var login: SourceLoginHeader?
        if let configured = source.login {
            switch SourceLoginHeader.resolve(configured, environment: environment) {
            case .success(let resolved): login = resolved
            case .failure(let problem): return FetchResult(attempt: attempt(.network, reason: problem.reason), update: .keep)
            }
        }
        if source.type == .caldav {
            return fetchCalDAV(source, state: state, now: now, budget: budget, login: login, attempt: attempt)
        }
        var request = Self.request(for: source, state: state, budget: budget)
        if let login { request.headers.append(login.header) }
        var result: FetchResult
        var refused = false
        do {
            let response = try client.perform(request)
            result = read(response, of: source, request: request, now: now, attempt: attempt)
            refused = response.status == 401 || response.status == 403
        } catch {
            result = FetchResult(attempt: attempt(FetchOutcome(error.kind), reason: error.message), update: .keep)
        }
        if let login, let reason = result.attempt.reason {
            result.attempt.reason =
                login.redactor.redact(reason) + (refused ? ": the server refused the login (check the username and the password or token)" : "")
        }
        return result
    }

    /// The conditional GET of `source`: its validators only when `state` is of the same URL,
    /// the type's size limit, and the source's timeout within `budget`.
    private static func request(for source: TidingsConfig.Source, state: SourceState?, budget: Int64) -> HTTPRequest {
        let calendar = source.type.isCalendar
        var headers: [(name: String, value: String)] = [("Accept", calendar ? "text/calendar" : "application/json")]
        if let state, state.url == source.url {
            if let etag = state.etag { headers.append(("If-None-Match", etag)) }
            if let lastModified = state.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        }
        let timeout = Double(min(source.timeout, budget)) / 1000
        var request = HTTPRequest(
            url: source.url, headers: headers, connectTimeout: min(10, timeout), totalTimeout: timeout,
            maxBodyBytes: calendar ? maxCalendarBytes : maxContentBytes, userAgent: userAgent)
        request.pinnedPublicKeys = source.pinnedPublicKeys
        request.caFile = source.caFile
        return request
    }

    /// What `response` to `request` does to the cache: a 304 to validators confirms it, a
    /// valid 2xx body of the source's type replaces it, anything else keeps it.
    private func read(
        _ response: HTTPResponse, of source: TidingsConfig.Source, request: HTTPRequest, now: EpochMillis, attempt: AttemptStamp
    ) -> FetchResult {
        switch response.status {
        case 304:
            // A 304 confirms the cache only when it answers validators this cache sent.
            guard request.headers.contains(where: { $0.name.hasPrefix("If-") }) else {
                return FetchResult(
                    attempt: attempt(.httpStatus, status: 304, reason: "HTTP 304 from \(response.finalURL) to a request without validators"),
                    update: .keep)
            }
            return FetchResult(attempt: attempt(.notModified, status: 304), update: .confirm)
        case 200..<300:
            switch source.type {
            case .calendar, .caldav: return calendar(from: response, attempt: attempt, source: source.name)
            case .schedule: return Self.schedule(from: response, attempt: attempt)
            case .content: return Self.content(from: response, now: now, attempt: attempt)
            }
        default:
            return FetchResult(
                attempt: attempt(
                    .httpStatus, status: response.status, bytes: response.body.count,
                    reason: "HTTP \(response.status) from \(response.finalURL)"),
                update: .keep)
        }
    }

    /// The calendar of a vdir folder: its files joined, read as a calendar that arrived; left as
    /// it is when no file was added, removed or written since it was read (as a 304 would).
    private func read(_ folder: CalendarFolder, of source: TidingsConfig.Source, state: SourceState?, attempt: AttemptStamp)
        -> FetchResult
    {
        let listing: CalendarFolder.Listing
        switch folder.list() {
        case .success(let found): listing = found
        case .failure(let error): return FetchResult(attempt: attempt(.network, reason: error.message), update: .keep)
        }
        if let state, state.url == source.url, state.etag == listing.fingerprint {
            return FetchResult(attempt: attempt(.notModified), update: .confirm)
        }
        switch folder.read(listing, maxBytes: Self.maxCalendarBytes) {
        case .failure(let error):
            return FetchResult(attempt: attempt(error.tooLarge ? .tooLarge : .network, reason: error.message), update: .keep)
        case .success(let read):
            let response = HTTPResponse(status: 200, headers: [("ETag", listing.fingerprint)], body: read.bytes, finalURL: source.url)
            return calendar(from: response, attempt: attempt, source: source.name, skipped: read.skipped)
        }
    }

    /// The calendar in a 2xx `response`, kept when it reads at least in part; what reading it
    /// found is kept prepared for plan, which then need not parse it again.
    func calendar(from response: HTTPResponse, attempt: AttemptStamp, source: String, skipped files: [String] = []) -> FetchResult {
        do {
            let read =
                if let prepared {
                    try CalendarPreparer(load: { _ in nil }, store: { prepared.store($1, for: $0) }).read(response.body, key: source)
                } else {
                    try ICalendar.read(response.body)
                }
            // A calendar read in part is kept, and what was skipped is said (a warning of prefetch):
            // the files of a folder or the events of a CalDAV server left out, then the events.
            let warnings = files + read.warnings
            let skipped = warnings.isEmpty ? nil : "calendar read in part: \(warnings.joined(separator: "; "))"
            return FetchResult(
                attempt: attempt(.ok, status: response.status, bytes: response.body.count, reason: skipped),
                update: .replaceCalendar(
                    read.text, events: read.events, withoutUID: read.withoutUID,
                    etag: response.header("ETag"), lastModified: response.header("Last-Modified")))
        } catch {
            return FetchResult(
                attempt: attempt(.invalid, status: response.status, bytes: response.body.count, reason: "invalid calendar: \(error)"),
                update: .keep)
        }
    }

    /// The remote schedule in a 2xx `response`, kept only when it decodes.
    private static func schedule(from response: HTTPResponse, attempt: AttemptStamp) -> FetchResult {
        let preview = SchedulePreview(response.body)
        do {
            let schedule = try RemoteSchedule.decode(response.body)
            return FetchResult(
                attempt: attempt(.ok, status: response.status, bytes: response.body.count),
                update: .replaceSchedule(
                    String(decoding: response.body, as: UTF8.self), version: schedule.version,
                    etag: response.header("ETag"), lastModified: response.header("Last-Modified")),
                preview: preview)
        } catch {
            return FetchResult(
                attempt: attempt(.invalid, status: response.status, bytes: response.body.count, reason: "invalid schedule: \(error)"),
                update: .keep, preview: preview)
        }
    }

    /// The content items in a 2xx `response`, fetched at `now`, kept only when they decode.
    private static func content(from response: HTTPResponse, now: EpochMillis, attempt: AttemptStamp) -> FetchResult {
        do {
            let items = try ContentPayload.decode(response.body, fetchTime: now)
            return FetchResult(
                attempt: attempt(.ok, status: response.status, bytes: response.body.count),
                update: .replace(items, etag: response.header("ETag"), lastModified: response.header("Last-Modified")))
        } catch {
            return FetchResult(
                attempt: attempt(.invalid, status: response.status, bytes: response.body.count, reason: "invalid content: \(error)"),
                update: .keep)
        }
    }
}

/// Makes the attempt rows of one fetch: its source and start, and how long it has taken so far.
struct AttemptStamp {
    let source: String
    let startedAt: EpochMillis
    let started = ContinuousClock.now

    func callAsFunction(_ outcome: FetchOutcome, status: Int? = nil, bytes: Int = 0, reason: String? = nil) -> FetchAttempt {
        FetchAttempt(
            source: source, startedAt: startedAt, durationMs: (ContinuousClock.now - started).milliseconds, outcome: outcome,
            httpStatus: status, bytes: bytes, reason: reason)
    }
}
