/// Starts programs in a session of their own, not waited for: they outlive the caller
/// (`xdg-open` opening a link, the desktop waiter keeping a popup).
public enum DetachedProcess {
    /// Spawns `arguments` (the first found on PATH) with stdin, stdout and stderr on
    /// /dev/null; returns nil, or why it could not start.
    public static func spawn(_ arguments: [String], environment: [String: String]) -> String? {
        do {
            _ = try ProcessSpawn.start(arguments, environment: environment, grouping: .session)
            return nil
        } catch {
            return error.description
        }
    }
}
