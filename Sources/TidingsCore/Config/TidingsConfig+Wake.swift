extension TidingsConfig {
    /// How `deliver` is woken for what is due (`delivery.wake`).
    public enum Wake: String, Sendable, CaseIterable {
        /// `plan` and `deliver` arm one wake-up for the next due time: a transient systemd
        /// user timer, else an `at` job, else the every-minute timer does it.
        case exact
        /// Only the every-minute deliver timer or crontab line.
        case minute
    }
}
