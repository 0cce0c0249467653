import Foundation

/// Checks `condition` every `step` until it holds, for what a test cannot be told about
/// directly (a file a child writes, a process that ends, a row a detached waiter records).
/// Returns true once it holds, false when `limit` passed first. `limit` only guards against
/// a hang, never times the code under test: keep it generous, since a loaded machine makes
/// every wait longer and a wait that ends early costs nothing.
@discardableResult
public func waitUntil(
    limit: Duration = .seconds(60), step: Duration = .milliseconds(20), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: step)
    }
}
