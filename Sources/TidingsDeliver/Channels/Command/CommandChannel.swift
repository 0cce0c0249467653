import TidingsCore
import TidingsProcess

/// Runs a configured program once per item, the item on its standard input as one JSON
/// object (the fields of `deliver --format json`, plus the content's `data` when it carried
/// one). The program is started directly, never through a shell unless `argv` names one, so
/// nothing of the content is ever interpreted. The program gets a clean environment
/// (`CommandEnvironment`), never `deliver`'s secrets, and is tethered to the run
/// (`TetheredProcess`): past the timeout, or when `deliver` ends however it ends, it is killed
/// with its process group.
///
/// Exit status 0 is delivered. Anything else, or a timeout, is tried again later like a
/// webhook, with stderr's last non-empty line (redacted) as the reason.
public struct CommandChannel: Channel, Sendable {
    /// `command:NAME`.
    public var name: ChannelName { .command(command.name) }
    /// A program learns nothing of what the user did.
    public let reportsEngagement = false
    /// A run whose outcome was not recorded is made again.
    public let guarantee = DeliveryGuarantee.atLeastOnce
    /// Four runs a step: a kill runs at most that many again.
    public var chunkSize: Int { 4 }
    /// The command's settings.
    public let command: TidingsConfig.Command
    /// `deliver`'s environment, which the program's is taken from.
    public let environment: [String: String]
    /// The environment the program gets, but the item's variables (PATH is searched in it).
    public let programEnvironment: [String: String]
    /// The zone the JSON's times are written in.
    public let zone: Zone

    /// The variable that gives each run the item's idempotency key (`daily:2026-11-22`, or
    /// `daily:2026-11-22#1` for an update), the same for every attempt at one version.
    public static let keyVariable = "TIDINGS_IDEMPOTENCY_KEY"

    /// The longest reason kept from stderr.
    static let reasonLength = 200

    /// A channel for `command`, run in `environment`, with times written in `zone`.
    public init(command: TidingsConfig.Command, environment: [String: String], zone: Zone) {
        self.command = command
        self.environment = environment
        programEnvironment = CommandEnvironment.of(command, from: environment)
        self.zone = zone
    }

    /// The channel and the program's name (not its arguments, which may hold credentials).
    public var platformInfo: String {
        var json = JSONLine()
        json.add("channel", name.description)
        json.add("program", command.argv.first)
        return json.string
    }

    /// The program's full path, nil when `argv[0]` is neither on PATH nor an executable path.
    public var programPath: String? {
        command.argv.first.flatMap { SearchPath.find($0, environment: programEnvironment) }
    }

    /// Which program runs, for `tidings doctor` and `--verbose`: `command:speak: runs
    /// /usr/bin/espeak`, and a warning when it cannot be tied to deliver's life.
    public var stateNote: String? {
        programPath.map { path in
            let untied =
                TetheredProcess.wrapper(limit: .seconds(1)) == nil
                ? "; setpriv, timeout or sh is missing from /usr/bin, so a killed deliver leaves it running until it ends" : ""
            return "\(name): runs \(path)\(untied)"
        }
    }

    /// Available when the program is found; it is not run.
    public func state() async -> ChannelState {
        guard let program = command.argv.first else {
            return .unavailable(reason: "no program given", fix: "set argv of [[commands]] \"\(command.name)\"")
        }
        guard programPath != nil else {
            let reason =
                program.contains("/") ? "\(program) is not an executable file" : "\(program) is not on PATH (\(SearchPath.of(programEnvironment)))"
            return .unavailable(reason: reason, fix: "install \(program), or give its full path as argv[0] of [[commands]] \"\(command.name)\"")
        }
        return .available
    }

    /// The object the program reads for `item`, sent at `now`: `deliver --format json`'s
    /// fields, then `data` when the item has it.
    public func input(for item: Message, now: EpochMillis) -> String {
        let line = item.jsonLine(zone: zone, deliveredAt: now)
        guard let data = item.data else { return line + "\n" }
        var json = JSONLine(continuing: line)
        json.add("data", json: data)
        return json.string + "\n"
    }

    /// Runs the program once per item, one after the other, and returns one result per item in order.
    public func send(_ items: [Message], now: EpochMillis) async -> [ChannelResult] {
        guard !items.isEmpty else { return [] }
        guard let path = programPath, case .available = await state() else {
            let reason = await state().reason ?? "the program cannot be found"
            return items.map { ChannelResult(id: $0.id, outcome: .unavailable(reason)) }
        }
        // A program that exits without reading its input closes the pipe the item is written
        // to: that must be an error for the write, never a signal that ends this process.
        StandardStreams.ignoreBrokenPipes()
        let limit = Duration.milliseconds(max(1, command.timeout))
        var results: [ChannelResult] = []
        for item in items {
            // The same key a webhook sends as Idempotency-Key, for programs that drop repeats.
            var environment = programEnvironment
            environment[Self.keyVariable] = item.idempotencyKey
            let outcome = await TetheredProcess.run(
                path, Array(command.argv.dropFirst()), input: input(for: item, now: now), environment: environment, limit: limit)
            results.append(ChannelResult(id: item.id, outcome: judge(outcome)))
        }
        return results
    }

    /// What a run's end means: exit 0 delivered; a status, a signal or a timeout to try again.
    func judge(_ outcome: ProcessOutcome) -> ChannelResult.Outcome {
        switch outcome {
        case .finished(0, _, _):
            return .delivered
        case .finished(let status, _, let error):
            let said = Self.lastLine(of: error).map { ": \(redact($0))" } ?? ""
            return .transient(String("exit status \(status)\(said)".prefix(Self.reasonLength)), retryAfter: nil)
        case .timedOut:
            return .transient("timed out after \(DurationText.format(command.timeout)) and was killed", retryAfter: nil)
        case .failedToStart(let reason):
            return .transient(redact(reason), retryAfter: nil)
        }
    }

    /// The last line of `text` with something besides white space in it, trimmed.
    static func lastLine(of text: String) -> String? {
        text.split(whereSeparator: \.isNewline).reversed()
            .lazy.map { TextSanitizer.clean(String($0)) }
            .first { !$0.isEmpty }
    }

    /// `text` with the command's likely credentials redacted (`CommandSecrets`).
    func redact(_ text: String) -> String {
        CommandSecrets.redactor(argv: command.argv, environment: programEnvironment, passed: command.env).redact(text)
    }
}

extension ChannelState {
    /// The reason of an unavailable or quiet state; nil otherwise.
    var reason: String? {
        switch self {
        case .unavailable(let reason, _), .noSession(let reason, _), .quiet(let reason): reason
        case .available, .notDetermined: nil
        }
    }
}
