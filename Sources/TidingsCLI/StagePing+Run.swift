import TidingsCore
import TidingsHTTP
import TidingsStore

extension StagePing {
    /// The `User-Agent` of the programs' pings.
    static let userAgent = "Tidings/\(TidingsVersion.current) (ping)"

    /// The pings of a run of `stage` when `[monitoring]` names a watcher for it, its start
    /// said; nil when it names none (nothing is loaded).
    static func starting(_ stage: Stage?, context: RunContext) -> StagePing? {
        guard let stage, let url = context.config.monitoring.pingURLs[stage] else { return nil }
        let ping = StagePing(url: url, userAgent: Self.userAgent)
        if let problem = ping.start() { Terminal.warning(program: context.program, problem) }
        return ping
    }

    /// Says the run ended with `status` (and `log`, on a failure); a failed ping is a warning.
    /// A `deliver` run notes when it pinged (`context`'s idle pings count from there).
    func finished(program: String, status: Int32, log: [String], context: RunContext?) {
        if let problem = finish(program: program, status: status, log: log.filter { !$0.isEmpty }) {
            Terminal.warning(program: program, problem)
        }
        if let context { IdlePing.stamp(context) }
    }
}

/// The pings of the every-minute `deliver` with nothing to do: at most one every
/// `[monitoring] idle_ping_every`, counted from the last ping of any `deliver` run by the
/// time of a small file beside the database (`<database>.deliver-pinged`), so that an idle
/// run that does not ping reads one file's time and loads nothing.
public enum IdlePing {
    /// Pings success for an idle `deliver` of `context` when its watcher has heard nothing
    /// for `idle_ping_every`.
    public static func ifDue(_ context: RunContext) {
        guard let url = context.config.monitoring.pingURLs[.deliver] else { return }
        if let last = StampFile.time(file(context)) {
            guard context.now - last >= context.config.monitoring.idlePingEvery || last > context.now else { return }
        }
        let ping = StagePing(url: url, userAgent: StagePing.userAgent)
        if let problem = ping.finish(program: context.program, status: 0, log: []) { Terminal.warning(program: context.program, problem) }
        stamp(context)
    }

    /// Notes that `context`'s `deliver` pinged now.
    static func stamp(_ context: RunContext) {
        guard context.program == "deliver", context.config.monitoring.pingURLs[.deliver] != nil else { return }
        _ = StampFile.touch(file(context), at: context.now)
    }

    private static func file(_ context: RunContext) -> String { context.localStem + ".deliver-pinged" }
}
