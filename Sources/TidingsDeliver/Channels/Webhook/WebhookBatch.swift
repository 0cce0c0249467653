import Foundation
import Synchronization
import TidingsHTTP

/// Runs one send's webhook jobs on a thread of its own, all at once over the target's
/// kept-alive connections (at most its concurrency in flight), then the jobs their answers
/// call for instead (a Discord edit whose message is gone becomes a new post).
final class WebhookBatch: Sendable {
    private let jobs: [WebhookJob]
    private let connections: WebhookConnections
    private let cancelled = Atomic(false)

    /// A batch of `jobs` over `connections`.
    init(jobs: [WebhookJob], connections: WebhookConnections) {
        self.jobs = jobs
        self.connections = connections
    }

    /// Starts the thread; `finish` gets one result per job, in order, when it ends. The
    /// requests block that thread, not the cooperative pool.
    func start(_ finish: @escaping @Sendable ([ChannelResult]) -> Void) {
        let thread = Thread { [self] in finish(run()) }
        thread.name = "webhook"
        thread.start()
    }

    /// Stops starting requests; those in flight finish, the rest come back as transient.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func run() -> [ChannelResult] {
        var results = [ChannelResult?](repeating: nil, count: jobs.count)
        var round: [(index: Int, job: WebhookJob)] = []
        for (index, job) in jobs.enumerated() {
            if let refusal = job.refusal { results[index] = refusal } else { round.append((index, job)) }
        }
        connections.withClient { client in
            while !round.isEmpty {
                let answers: [Result<HTTPResponse, HTTPError>?]
                switch client {
                case .success(let client):
                    answers = client.perform(round.map(\.job.request)) { cancelled.load(ordering: .relaxed) }
                case .failure(let error):
                    answers = round.map { _ in .failure(error) }
                }
                var next: [(index: Int, job: WebhookJob)] = []
                for ((index, job), answer) in zip(round, answers) {
                    // No answer: the batch was cancelled before the request started.
                    guard let answer else { continue }
                    switch job.verdict(on: answer) {
                    case .result(let result): results[index] = result
                    case .instead(let other): if let refusal = other.refusal { results[index] = refusal } else { next.append((index, other)) }
                    }
                }
                round = next
            }
        }
        return zip(jobs, results).map { job, result in
            result ?? ChannelResult(id: job.id, outcome: .transient("interrupted before it was sent", retryAfter: nil))
        }
    }
}

/// The kept-alive connections of one webhook target, shared by every send of a run: a send
/// takes the idle multi client (or makes one, which loads libcurl the first time) and gives
/// it back when done, so the next step finds its connections open.
final class WebhookConnections: Sendable {
    private let idle = Mutex<[HTTPMultiClient]>([])
    /// The most requests in flight at once, and so the most connections.
    let concurrency: Int

    /// The connections of a target with `concurrency` requests in flight at most.
    init(concurrency: Int) {
        self.concurrency = max(1, concurrency)
    }

    /// Runs `body` with a client of its own (or why none could be made).
    func withClient<T>(_ body: (Result<HTTPMultiClient, HTTPError>) -> T) -> T {
        let client: Result<HTTPMultiClient, HTTPError> =
            if let reused = idle.withLock({ $0.popLast() }) {
                .success(reused)
            } else {
                Result { () throws(HTTPError) in try HTTPMultiClient(maxInFlight: concurrency) }
            }
        defer {
            if case .success(let client) = client { idle.withLock { $0.append(client) } }
        }
        return body(client)
    }
}
