import ArgumentParser
import TidingsCLI
import TidingsCLITimers
import TidingsCore
import TidingsGenerate
import TidingsLLM
import TidingsPlan
import TidingsStore
import TidingsTimers

public struct Plan: TidingsCommand {
    public static let program = "plan"
    public static let stage: Stage? = .plan

    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Turn cached content and your settings into concrete notifications for the next days.",
        discussion: """
            Creates the daily update for every day in the horizon at the configured local time, \
            moved out of quiet hours, with text from the fallback chain: fresh content, else the \
            last-known-good marked stale with its age, else an emergency line; meeting reminders, \
            the weekly summary and insights too, all in the language and formats of the locale \
            (LC_ALL, LC_MESSAGES, LC_TIME, LANG; the templates speak \(Self.languages), any other \
            language gets English). Running it again \
            changes nothing; better content replaces the text of pending items; delivered items \
            are never touched. Needs no network, except the LLM endpoint that features.llm asks to \
            rewrite the text ([llm]; on any failure the template's text stands). Then, with exact wake-ups (delivery.wake), it \
            arms one wake-up for the next due time: a transient systemd user timer \
            (systemd-run --user), else an at job, else the every-minute deliver timer sends it; \
            a failure there never fails the run. tidings doctor says which is in use.

            With --if-changed (what the timers run after prefetch --due) it plans only when \
            something it reads changed since the last plan: a source's cached content, the \
            config, the locale or zone variables, or the day; or when the last plan is 6 hours \
            old. Otherwise it exits at once, with the reason under --verbose.

            Exit status: 0 done (also when it fell back, or another plan run still runs), 64 usage or config error, 1 failure.
            """)

    /// The languages of the templates, as --help names them: `en, de, … and pl`.
    static var languages: String {
        let codes = TextLocale.Language.allCases.map(\.rawValue)
        return codes.dropLast().joined(separator: ", ") + " and " + (codes.last ?? "")
    }

    @OptionGroup public var options: CommonOptions
    @OptionGroup var lock: LockOptions

    @Option(help: ArgumentHelp("How far ahead to plan, e.g. 2d, 7d, 36h (default: plan.horizon, 2d).", valueName: "duration"))
    var horizon: String?

    @Flag(help: "Compute the schedule without writing anything.")
    var dryRun = false

    @Flag(help: "Plan only when a source's content, the config, the locale or the day changed, or the last plan is 6h old.")
    var ifChanged = false

    @Option(help: ArgumentHelp("Print the resulting schedule: text or json (a JSON array). Default: print nothing.", valueName: "format"))
    var format: ScheduleFormat?

    public init() {}

    public func run(_ context: RunContext) throws {
        let horizon = try horizon.map { text throws(CLIError) in try durationOption(text, flag: "--horizon") } ?? context.config.plan.horizon
        guard TidingsConfig.Plan.horizonRange.contains(horizon) else {
            throw CLIError.usage("--horizon: must be between 1h and 3660d, found \(DurationText.format(horizon))")
        }
        if ifChanged, dryRun { throw CLIError.usage("--if-changed: a dry run writes nothing; use one or the other") }
        let database = try dryRun ? context.openDatabaseReadingOnly() : context.openDatabase()
        // A dry run writes nothing, so it needs no lock.
        guard try dryRun || StageLock.acquire(context, database: database, wait: try lock.wait()) else { return }
        // What deliver and the commands that only read go on with when the file breaks.
        if !dryRun { try context.keepConfig(in: database) }
        // A dry run records nothing, so it needs no inputs.
        let inputs = try dryRun ? nil : planInputs(context, database: database, horizon: horizon)
        if ifChanged, let inputs {
            guard let reason = try PlanTrigger.reason(database: database, fingerprint: inputs.fingerprint, now: context.now, zone: context.zone)
            else {
                context.narrate("nothing changed since the last plan")
                return
            }
            context.narrate("planning: \(reason)")
        }
        // The words follow the locale variables (LANG, …) of this run, rewritten by the LLM
        // with features.llm; they are stored.
        let generator = LLMGenerator.forRun(
            config: context.config, database: database, environment: Environment.current, now: context.now, dryRun: dryRun)
        let wording = Wording(generator: generator, environment: Environment.current)
        var planner = Planner(database: database, config: context.config, wording: wording)
        planner.preparedCalendars = PreparedCalendarFolder(folder: context.places.preparedCalendarFolder)
        var outcome = try planner.run(now: context.now, zone: context.zone, horizon: horizon, dryRun: dryRun)
        if !context.config.daily.enabled { context.narrate("daily update: \(context.config.daily.status)") }
        for warning in outcome.warnings { context.narrate("warning: \(warning)") }
        context.narrate((dryRun ? "would leave " : "") + outcome.summary)
        if let inputs { try database.recordPlanInputs(inputs) }
        // The next due time may have changed: arm the wake-up for it (never fails the run).
        if !dryRun { try runBlocking { await WakeUp.rearm(context: context, database: database) } }
        guard let format = format ?? (dryRun ? .text : nil) else { return }
        // Taken out of the outcome, so that filling the countdowns changes it in place.
        var schedule = outcome.schedule
        outcome.schedule = []
        for index in schedule.indices { schedule[index].fillCountdown(at: context.now) }
        switch format {
        case .json: try Terminal.output(jsonArray(schedule.map { $0.jsonLine(zone: context.zone) }) + "\n")
        case .text: try Terminal.output(schedule.map { $0.textLine(zone: context.zone) + "\n" }.joined())
        }
    }

    /// What this plan reads besides the cache, and the latest change to the cache, read
    /// before the cache itself: content fetched while the plan runs is new to the next one.
    private func planInputs(_ context: RunContext, database: TidingsDatabase, horizon: Int64) throws(StoreError) -> PlanInputs {
        PlanInputs(
            plannedAt: context.now,
            fingerprint: Self.fingerprint(context, horizon: horizon),
            changeSeq: try database.latestChange())
    }
}

enum ScheduleFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
