/// The version of this build of Tidings, as `tidings --version` prints it and each delivery
/// row's platform info records it.
public enum TidingsVersion {
    /// `0.1.0`.
    public static let current = "0.1.0"
}
