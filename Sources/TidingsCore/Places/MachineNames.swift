import Foundation

/// What `uname(2)` says of this machine: its host name (`nodename`) and its kernel's release.
public struct MachineNames: Sendable {
    /// The host name, as `uname -n` prints it.
    public var nodename: String
    /// The running kernel's release, as `uname -r` prints it.
    public var release: String

    /// This machine's names; nil when uname fails.
    public static func current() -> MachineNames? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        return MachineNames(nodename: text(of: &names.nodename), release: text(of: &names.release))
    }

    /// A field of `utsname`, up to its terminating zero.
    private static func text<Field>(of field: inout Field) -> String {
        withUnsafeBytes(of: &field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
