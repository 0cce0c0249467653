import ArgumentParser
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsDeliver
import TidingsStore
import TidingsTimers

public struct Deliver: TidingsCommand {
    public static let program = "deliver"
    public static let stage: Stage? = .deliver
    public static let brokenConfig: BrokenConfigPolicy = .lastGood

    public static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Send the notifications that are due now. Never uses the network for content.",
        discussion: """
            Each item goes to the channels its category is routed to ([routes]; by default \
            transactional and system → desktop + inbox, social → inbox, marketing → desktop). \
            When the desktop is unavailable the item goes to the inbox instead. Webhook sends that \
            fail for a while (timeouts, 429, 5xx) are retried in later runs with backoff; one that \
            fails for good goes to the target's fallback channel (the inbox by default). Items \
            past their expiry (a meeting that began, a day that ended) become expired, items due \
            longer ago than delivery.grace missed; neither is sent. An update of something already \
            shown replaces it in place where the channel can (desktop, inbox, ntfy), and a \
            delivered meeting reminder whose meeting plan found cancelled or removed is taken \
            back where the channel can (ntfy), with the same retries. Due items are \
            claimed atomically, so runs that overlap send each item once. With nothing due it \
            prints nothing, writes nothing to the database (it only sets the time of the \
            heartbeat file beside it, for report) and exits 0: run it every minute. With exact \
            wake-ups (delivery.wake), a run that sent something, or that an armed wake-up \
            started, arms the wake-up for the next due time.

            When the config file has an error, deliver goes on with its last good version (the \
            one plan and prefetch stored), says the error with its line on stderr, and tells \
            the person once through their channels; with no last good version it refuses (64).

            Exit status: 0 done (also when nothing was due, another deliver run still runs, or it went on with the last good config), 64 usage error or a config error with no last good config, 1 failure \
            (the database, or no due item could be sent anywhere).
            """)

    @OptionGroup public var options: CommonOptions
    @OptionGroup var lock: LockOptions

    @Option(
        help: ArgumentHelp(
            "Send every due item to this one channel instead of following the routes: stdout, desktop, inbox, webhook:NAME, email:NAME or command:NAME.",
            valueName: "name"))
    var channel: String?

    @Option(help: ArgumentHelp("How the stdout channel prints: text, or json (one object per line).", valueName: "format"))
    var format: OutputFormat = .text

    public func validate() throws {
        if let channel, ChannelName(channel) == nil {
            throw ValidationError("--channel: unknown channel \"\(channel)\"; use stdout, desktop, inbox, webhook:NAME, email:NAME or command:NAME")
        }
    }

    public init() {}

    public func run(_ context: RunContext) throws {
        let only = channel.flatMap(ChannelName.init)
        if let only, let problem = context.config.missingTarget(of: only) {
            throw CLIError.usage("--channel: \(problem)")
        }
        let database = try context.openDatabase()
        guard try StageLock.acquire(context, database: database, wait: try lock.wait()) else { return }
        // A config file with an error: this run goes on with its last good version, and the
        // person is told once, by a notice due now (so this run is not idle).
        try context.recordConfigProblem(in: database)
        // The every-minute idle run ends here, before anything else starts.
        if case .idle(let rearm) = try Deliver.start(context, database: database) {
            try Deliver.endIdle(context, database: database, rearm: rearm)
            return
        }
        // The work runBlocking runs is @Sendable: it takes the option's value, not the command.
        let format = format
        let (outcome, notes) = try runBlocking {
            let channels = ChannelFactory(
                config: context.config, databasePath: context.databaseForChildren, localStem: context.localStem, environment: Environment.current,
                programFolder: Places.programFolder, format: format, zone: context.zone,
                media: MediaAttachments.forConfig(
                    context.config, database: database, folder: context.places.mediaFolder, now: context.now,
                    warn: { [program = context.program] in Terminal.warning(program: program, $0) }))
            let outcome = try await Deliverer(
                database: database, config: context.config, only: only, platform: HostPlatform(environment: Environment.current),
                channels: channels.make
            )
            .run(now: context.now, zone: context.zone)
            return (outcome, channels.notes)
        }
        for note in notes { context.narrate(note) }
        context.narrate(outcome.idle ? "nothing due" : outcome.summary)
        if outcome.idle { Deliver.markAlive(database, context: context) }
        try runBlocking { await WakeUp.rearm(context: context, database: database) }
        // Bookkeeping after the sends, never worth one: when the config cannot be kept (a
        // full disk), the run says so and ends as its deliveries decide.
        do { try context.keepConfig(in: database) } catch { Terminal.warning(program: context.program, "\(error)") }
        if outcome.stageOutcome == .failed { throw CLIError.failed(outcome.summary) }
    }

}

extension OutputFormat: ExpressibleByArgument {}
