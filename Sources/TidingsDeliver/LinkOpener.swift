import TidingsCore
import TidingsProcess

/// Opens a notification's link with `xdg-open`, only when its scheme is allowed, without
/// waiting for the browser or app.
public enum LinkOpener {
    /// Starts `xdg-open link` detached; returns nil, or why it did not.
    public static func open(_ link: String, environment: [String: String]) -> String? {
        guard LinkPolicy.isAllowed(link) else { return "refused to open \(LinkPolicy.scheme(of: link) ?? "a"): link" }
        return DetachedProcess.spawn(["xdg-open", link], environment: environment)
    }
}
