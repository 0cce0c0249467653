import Dispatch

/// Runs `work` to completion from synchronous code and returns its result. Programs whose
/// idle path must stay cheap start Swift concurrency only when there is async work to do.
public func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            box.result = .success(try await work())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    guard let result = box.result else { throw CLIError.failed("the work ended without a result") }
    return try result.get()
}

/// Carries a result from the task to the waiting thread; the semaphore orders the accesses.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
