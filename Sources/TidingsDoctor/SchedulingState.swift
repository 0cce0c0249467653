import Foundation
import TidingsCore

/// Whether something starts the pipeline: crontab lines or systemd user timers.
public struct SchedulingState: Sendable {
    /// The user's crontab mentions `deliver`.
    public var cron: Bool
    /// The `tidings-deliver.timer` user unit is enabled.
    public var systemd: Bool
    /// The enabled deliver timer's `OnCalendar=` (`*:0/15` for the safety net that goes with
    /// exact wake-ups); nil when none is enabled.
    public var deliverCalendar: String?
    /// Something starts `tidings listen`: the listen service is enabled, or the crontab has
    /// an `@reboot` line running it.
    public var listen = false

    /// A state.
    public init(cron: Bool, systemd: Bool, deliverCalendar: String? = nil) {
        self.cron = cron
        self.systemd = systemd
        self.deliverCalendar = deliverCalendar
    }

    /// Looks for an enabled `tidings-deliver.timer` (and `tidings-listen.service`) under the
    /// XDG config folder and for `deliver` (and an `@reboot` line of `listen`) in `crontab` (the text of `crontab -l`, nil when there is none).
    public static func detect(environment: [String: String], crontab: String?) -> SchedulingState {
        let timer = XDGFolders(environment: environment).configHome + "/systemd/user/timers.target.wants/tidings-deliver.timer"
        let cron =
            crontab?.split(separator: "\n").contains { line in
                !line.trimmingPrefix(while: { $0 == " " }).hasPrefix("#") && line.contains("deliver")
            } ?? false
        let unit = FileManager.default.contents(atPath: timer).map { String(decoding: $0, as: UTF8.self) }
        var state = SchedulingState(cron: cron, systemd: unit != nil, deliverCalendar: unit.flatMap(calendar(in:)))
        let service = XDGFolders(environment: environment).configHome + "/systemd/user/default.target.wants/tidings-listen.service"
        state.listen =
            FileManager.default.fileExists(atPath: service)
            || crontab?.split(separator: "\n").contains { $0.hasPrefix("@reboot") && $0.contains(" listen") } ?? false
        return state
    }

    /// The last `OnCalendar=` value of a timer unit's text.
    static func calendar(in unit: String) -> String? {
        unit.split(separator: "\n").last { $0.hasPrefix("OnCalendar=") }
            .map { $0.dropFirst("OnCalendar=".count).trimmingCharacters(in: .whitespaces) }
    }

    var finding: Finding {
        switch (cron, systemd) {
        case (true, true):
            return Finding(
                check: "scheduling", ok: false, detail: "both crontab lines and systemd timers start deliver",
                fix: "keep one: crontab -e, or systemctl --user disable tidings-deliver.timer")
        case (true, false): return Finding(check: "scheduling", ok: true, detail: "crontab lines")
        case (false, true): return Finding(check: "scheduling", ok: true, detail: "systemd user timers")
        case (false, false):
            return Finding(
                check: "scheduling", ok: false, detail: "nothing starts the pipeline",
                fix: "install crontab.example with crontab -e, or the units in config/systemd/")
        }
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        drop(while: predicate)
    }
}
