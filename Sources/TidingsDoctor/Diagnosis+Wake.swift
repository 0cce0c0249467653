import TidingsCore
import TidingsTimers

extension Diagnosis {
    /// What wakes deliver for what is due, as plan and deliver last recorded it, beside the
    /// deliver timer installed: the 15-minute safety net that goes with exact wake-ups sends
    /// up to 15 minutes late when none is armed.
    func wakeFinding(scheduling: SchedulingState) -> Finding {
        let wanted = config.delivery.wake
        let safetyNet = scheduling.systemd && scheduling.deliverCalendar == SystemdUnits.safetyNetCalendar
        let reinstall = "set delivery.wake = \"minute\" and run tidings init --timers systemd again (the every-minute deliver timer)"
        guard let state = WakeState.read(forDatabase: database?.localStem ?? databasePath) else {
            if safetyNet && wanted == .minute {
                return Finding(
                    check: "wake-ups", ok: false, detail: "every 15 minutes: delivery.wake = \"minute\" with the deliver timer of exact wake-ups",
                    fix: "run tidings init --timers systemd again (the every-minute deliver timer)")
            }
            let timer = safetyNet ? "the 15-minute deliver timer" : "every minute"
            let detail = wanted == .minute ? "every minute (delivery.wake = \"minute\")" : "\(timer) until plan arms the first exact wake-up"
            return Finding(check: "wake-ups", ok: true, detail: detail)
        }
        switch state.mechanism {
        case .systemd, .at, .unarmed:
            return Finding(check: "wake-ups", ok: true, detail: state.summary(in: zone))
        case .minute where safetyNet:
            let why = state.note.map { " (\($0))" } ?? ""
            return Finding(
                check: "wake-ups", ok: false,
                detail: "every 15 minutes: no exact wake-up is armed\(why) and the deliver timer is the 15-minute safety net",
                fix: wanted == .minute
                    ? "run tidings init --timers systemd again (the every-minute deliver timer)"
                    : state.exactFailed
                        ? "install at (apt install at) or start the systemd user manager (loginctl enable-linger $USER); or \(reinstall)"
                        : "set delivery.wake = \"exact\" (runs without the systemd user manager then arm wake-ups too); or \(reinstall)")
        case .minute:
            let failed = wanted == .exact && state.mechanism == .minute
            return Finding(
                check: "wake-ups", ok: !failed, detail: state.summary(in: zone),
                fix: failed
                    ? "start the systemd user manager (loginctl enable-linger $USER) or install at (apt install at); until then the minute timer sends"
                    : nil)
        }
    }
}
