import Foundation
import TidingsCore

/// How wake-ups are made, as the last `plan` or `deliver` run left them: recorded in a small
/// file beside the database (`tidings.sqlite.wake`) for `deliver` and `tidings doctor`.
public struct WakeState: Sendable, Equatable {
    /// What starts `deliver` when something is due.
    public enum Mechanism: String, Sendable, CaseIterable {
        /// A transient systemd user timer (`systemd-run --user --on-calendar`).
        case systemd = "systemd-run"
        /// An `at` job.
        case at
        /// Nothing armed: the every-minute deliver timer or crontab line.
        case minute
        /// Exact wake-ups, but nothing has been due yet, so none was armed (nor tried).
        case unarmed = "none"
    }

    /// The mechanism in use.
    public var mechanism: Mechanism
    /// The instant armed; nil when nothing is due or nothing was armed.
    public var armedAt: EpochMillis?
    /// The systemd unit (without `.timer`) or the `at` job number armed.
    public var handle: String?
    /// Why the mechanism is not the one wanted (systemd-run failed, …), for doctor.
    public var note: String?
    /// What the armed wake-up runs (`TZ=… /path/deliver --db …`): a run that would arm the
    /// same command at the same instant leaves it as it is.
    public var command: String?

    /// A state.
    public init(mechanism: Mechanism, armedAt: EpochMillis? = nil, handle: String? = nil, note: String? = nil, command: String? = nil) {
        self.mechanism = mechanism
        self.armedAt = armedAt
        self.handle = handle
        self.note = note
        self.command = command
    }

    /// The file beside the database at `databasePath`.
    public static func path(forDatabase databasePath: String) -> String { databasePath + ".wake" }

    /// The file's text: `name=value` lines.
    public var text: String {
        var lines = ["mechanism=\(mechanism.rawValue)"]
        if let armedAt { lines.append("armed=\(armedAt)") }
        if let handle { lines.append("handle=\(handle)") }
        if let note { lines.append("note=\(note.replacingOccurrences(of: "\n", with: " "))") }
        if let command { lines.append("command=\(command.replacingOccurrences(of: "\n", with: " "))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The state in `text`; nil when it names no known mechanism.
    public static func parse(_ text: String) -> WakeState? {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let mechanism = fields["mechanism"].flatMap(Mechanism.init(rawValue:)) else { return nil }
        return WakeState(
            mechanism: mechanism, armedAt: fields["armed"].flatMap { EpochMillis($0) },
            handle: fields["handle"].flatMap { $0.isEmpty ? nil : $0 }, note: fields["note"], command: fields["command"])
    }

    /// The state recorded beside the database, nil when there is none (or it cannot be read).
    public static func read(forDatabase databasePath: String) -> WakeState? {
        guard let data = FileManager.default.contents(atPath: path(forDatabase: databasePath)), data.count < 65536 else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Records the state beside the database (written whole, mode 0600).
    public func write(forDatabase databasePath: String) throws(WakeProblem) {
        let file = Self.path(forDatabase: databasePath)
        let temporary = file + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
            rename(temporary, file) == 0
        else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WakeProblem("cannot write \(file): \(reason)")
        }
    }

    /// Whether a `deliver` run at `now` should arm the next wake-up: the one armed has come
    /// (it may be the run it started), so nothing later is armed yet.
    public func needsRearming(at now: EpochMillis) -> Bool {
        guard mechanism != .minute, let armedAt else { return false }
        return armedAt <= now
    }

    /// Whether exact wake-ups were tried and every mechanism failed (the note then starts
    /// with systemd-run's failure, the first one tried).
    public var exactFailed: Bool { mechanism == .minute && note?.hasPrefix("systemd-run: ") == true }

    /// One line for people: `exact (systemd-run), next 2026-11-22T07:30:00+01:00`.
    public func summary(in zone: Zone) -> String {
        let next = armedAt.map { ", next \(ISOTime.format($0, in: zone))" } ?? ", nothing due"
        switch mechanism {
        case .systemd, .at: return "exact (\(mechanism.rawValue))\(next)"
        case .minute: return "every minute" + (note.map { " (\($0))" } ?? "")
        case .unarmed: return "exact, nothing due yet"
        }
    }
}

/// Why a wake-up or a timer could not be set up.
public struct WakeProblem: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A problem.
    public init(_ description: String) { self.description = description }
}
