import CCurl

/// Performs many requests at once on the calling thread over libcurl's multi interface, whose
/// kept-alive connections (and DNS answers) serve every later call of the same client too.
///
/// Each request keeps every rule of ``HTTPClient/perform(_:)``: ``URLPolicy``, its redirects,
/// time limits, body cap, TLS pins and authorities. A client may be handed from one thread to
/// the next (hence `Sendable`), but never used by two at the same time.
public final class HTTPMultiClient: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    /// Easy handles between transfers, reset before each; the connections belong to `multi`.
    private var idle: [CurlHandle] = []
    /// The most transfers in flight at once.
    public let maxInFlight: Int

    /// A client with at most `maxInFlight` transfers (and connections) at once; fails only when
    /// libcurl cannot be loaded or initialized.
    public init(maxInFlight: Int) throws(HTTPError) {
        try CurlHandle.load()
        guard let multi = tidings_curl_multi_init() else {
            throw HTTPError(kind: .network, message: "could not create a libcurl multi handle")
        }
        self.multi = multi
        self.maxInFlight = max(1, maxInFlight)
        // The cache keeps one idle connection per transfer that may run at once, so the next
        // call finds them all still open (libcurl's default grows and shrinks with the handles).
        _ = tidings_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, self.maxInFlight)
    }

    deinit {
        // Every easy handle was removed when its transfer ended; the idle ones are freed after.
        _ = tidings_curl_multi_cleanup(multi)
    }

    /// Performs `requests`, at most ``maxInFlight`` at once, and returns one answer per request
    /// in order: the final response (any status) or why there was none. Once `stop` returns
    /// true no further request starts, those in flight finish, and the unstarted ones are nil.
    public func perform(
        _ requests: [HTTPRequest], stop: () -> Bool = { false }
    ) -> [Result<HTTPResponse, HTTPError>?] {
        var run = MultiRun(count: requests.count)
        var next = 0
        while true {
            while run.active.count < maxInFlight, next < requests.count, !stop() {
                start(requests[next], index: next, in: &run)
                next += 1
            }
            guard !run.active.isEmpty else { break }
            var running: Int32 = 0
            let code = tidings_curl_multi_perform(multi, &running)
            guard code == CURLM_OK else {
                abandon(&run, because: code)
                break
            }
            if !collect(&run) {
                // Waits for a socket or libcurl's next timer, whichever comes first.
                _ = tidings_curl_multi_poll(multi, 1000, nil)
            }
        }
        return run.answers
    }

    /// Starts the first hop of `request`, or records why it cannot start.
    private func start(_ request: HTTPRequest, index: Int, in run: inout MultiRun) {
        do throws(HTTPError) {
            let chain = try RedirectChain(request)
            let curl = if let reused = idle.popLast() { reused } else { try CurlHandle() }
            try launch(Transfer(index: index, chain: chain, curl: curl), in: &run)
        } catch {
            run.answers[index] = .failure(error)
        }
    }

    /// Prepares the transfer's current hop on its handle and adds it to the multi handle.
    private func launch(_ transfer: Transfer, in run: inout MultiRun) throws(HTTPError) {
        var transfer = transfer
        do throws(HTTPError) {
            transfer.prepared = try transfer.curl.prepare(transfer.chain.hop, of: transfer.chain.request, remaining: try transfer.chain.remaining())
            let code = tidings_curl_multi_add_handle(multi, transfer.curl.handle)
            guard code == CURLM_OK else { throw HTTPError.multi(code, doing: "start a transfer") }
        } catch {
            idle.append(transfer.curl)
            throw error
        }
        run.active[transfer.curl.handle] = transfer
    }

    /// Takes every finished transfer off the multi handle: its answer, or its next hop after a
    /// redirect. Returns whether any finished.
    private func collect(_ run: inout MultiRun) -> Bool {
        var finishedAny = false
        var easy: UnsafeMutableRawPointer?
        var result = CURLE_OK
        while tidings_curl_multi_next_done(multi, &easy, &result) == 1 {
            guard let easy, var transfer = run.active.removeValue(forKey: easy), let prepared = transfer.prepared else { continue }
            finishedAny = true
            _ = tidings_curl_multi_remove_handle(multi, easy)
            do throws(HTTPError) {
                let outcome = try transfer.curl.finish(prepared, code: result)
                guard let response = try transfer.chain.advance(after: outcome) else {
                    // The next hop reuses the handle; launch gives it back itself if it fails.
                    do throws(HTTPError) { try launch(transfer, in: &run) } catch { run.answers[transfer.index] = .failure(error) }
                    continue
                }
                run.answers[transfer.index] = .success(response)
            } catch {
                run.answers[transfer.index] = .failure(error)
            }
            idle.append(transfer.curl)
        }
        return finishedAny
    }

    /// Ends every transfer in flight with the multi handle's failure `code`.
    private func abandon(_ run: inout MultiRun, because code: CURLMcode) {
        for (easy, transfer) in run.active {
            _ = tidings_curl_multi_remove_handle(multi, easy)
            run.answers[transfer.index] = .failure(.multi(code, doing: "run transfers"))
            idle.append(transfer.curl)
        }
        run.active.removeAll()
    }
}

/// One request in flight: where it is in its redirect chain, on which handle.
private struct Transfer {
    let index: Int
    var chain: RedirectChain
    let curl: CurlHandle
    /// The hop on the handle now, kept alive until its transfer ends.
    var prepared: PreparedHop?
}

/// The state of one ``HTTPMultiClient/perform(_:stop:)`` call.
private struct MultiRun {
    var answers: [Result<HTTPResponse, HTTPError>?]
    var active: [UnsafeMutableRawPointer: Transfer] = [:]

    init(count: Int) {
        answers = Array(repeating: nil, count: count)
    }
}

extension HTTPError {
    static func multi(_ code: CURLMcode, doing what: String) -> HTTPError {
        HTTPError(
            kind: .network, curlCode: Int32(truncatingIfNeeded: code.rawValue),
            message: "libcurl could not \(what): \(lowercasedFirst(String(cString: tidings_curl_multi_strerror(code))))")
    }
}
