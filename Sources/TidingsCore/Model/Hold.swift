/// Why an open item waits or was left as it is: what `plan`, `deliver` and `tidings doctor`
/// read, stored in `notification.hold` as a set of bits. The human-readable account stays in
/// `stateReason`, which no code reads.
public struct Hold: OptionSet, Sendable, Hashable, Codable {
    /// The bits.
    public let rawValue: Int

    /// The set of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The pending cap keeps it in the backlog (`plan.max_pending`); it stays set when the item
    /// is then missed or expires, so the cap's misses are counted.
    public static let cap = Hold(rawValue: 1)
    /// The user took it over (`tidings pending` edited, cancelled, snoozed or merged it):
    /// `plan` leaves its text, time and state as the user left them.
    public static let user = Hold(rawValue: 2)
    /// Merged into a digest (cancelled as its member): it takes the digest's end when the
    /// digest reaches one (the `digest_settles_members` trigger).
    public static let digest = Hold(rawValue: 4)
    /// Cancelled by the user after it was delivered: a clear is queued, and `deliver` takes
    /// it back on the channels that can (`tidings pending cancel`).
    public static let takenBack = Hold(rawValue: 8)
}
