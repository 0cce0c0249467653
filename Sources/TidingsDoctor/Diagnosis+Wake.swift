import TidingsCore
import TidingsTimers

extension Diagnosis {
    /// What wakes deliver for what is due, as plan and deliver last recorded it.
    func wakeFinding() -> Finding {
        let wanted = config.delivery.wake
        guard let state = WakeState.read(forDatabase: database.path) else {
            let detail = wanted == .minute ? "every minute (delivery.wake = \"minute\")" : "every minute until plan arms the first exact wake-up"
            return Finding(check: "wake-ups", ok: true, detail: detail)
        }
        let failed = wanted == .exact && state.mechanism == .minute
        return Finding(
            check: "wake-ups", ok: !failed, detail: state.summary(in: zone),
            fix: failed ? "start the systemd user manager (loginctl enable-linger $USER) or install at (apt install at); until then the minute timer sends" : nil)
    }
}
