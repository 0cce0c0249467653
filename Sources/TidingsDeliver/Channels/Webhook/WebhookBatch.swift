import Foundation
import Synchronization
import TidingsHTTP

/// Runs webhook jobs on a fixed set of worker threads, each with its own HTTP client (so each
/// reuses its connections), pulling the next job from a shared index until none is left.
final class WebhookBatch: Sendable {
    private struct State {
        var next = 0
        var results: [ChannelResult?]
        var running: Int
        var cancelled = false
        var finish: (@Sendable ([ChannelResult]) -> Void)?
    }

    private let jobs: [WebhookJob]
    private let workers: Int
    private let state: Mutex<State>

    /// A batch of `jobs` for `workers` threads (at least one).
    init(jobs: [WebhookJob], workers: Int) {
        self.jobs = jobs
        self.workers = max(1, workers)
        state = Mutex(State(results: Array(repeating: nil, count: jobs.count), running: max(1, workers)))
    }

    /// Starts the workers; `finish` gets one result per job, in order, when the last worker ends.
    func start(_ finish: @escaping @Sendable ([ChannelResult]) -> Void) {
        state.withLock { $0.finish = finish }
        for index in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "webhook-\(index)"
            thread.start()
        }
    }

    /// Stops handing out jobs; requests in flight finish, the rest come back as transient.
    func cancel() {
        state.withLock { $0.cancelled = true }
    }

    private func work() {
        let client = Result { () throws(HTTPError) in try HTTPClient() }
        while let index = claim() {
            let result = jobs[index].result(with: client)
            state.withLock { $0.results[index] = result }
        }
        let finished: (([ChannelResult]) -> Void, [ChannelResult])? = state.withLock { state in
            state.running -= 1
            guard state.running == 0, let finish = state.finish else { return nil }
            state.finish = nil
            let results = zip(jobs, state.results).map { job, result in
                result ?? ChannelResult(id: job.id, outcome: .transient("interrupted before it was sent", retryAfter: nil))
            }
            return (finish, results)
        }
        // Called outside the lock: resuming the waiting task must not run under it.
        if let (finish, results) = finished { finish(results) }
    }

    private func claim() -> Int? {
        state.withLock { state in
            guard !state.cancelled, state.next < jobs.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }
}
