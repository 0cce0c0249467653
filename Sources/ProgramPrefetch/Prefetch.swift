import ArgumentParser
import TidingsCLI
import TidingsCore
import TidingsFetch
import TidingsStore

public struct Prefetch: TidingsCommand {
    public static let program = "prefetch"
    public static let stage: Stage? = .prefetch

    public static let configuration = CommandConfiguration(
        commandName: "prefetch",
        abstract: "Fetch every configured source ahead of time and keep it as last-known-good.",
        discussion: """
            Each source gets a conditional GET (If-None-Match / If-Modified-Since) with its own \
            timeout (sources.timeout, default 30s; the whole run at most 8 minutes), at most 5 \
            redirects, never to another protocol, and a 1 MiB body cap. An invalid payload is \
            recorded as a failed attempt and never replaces what is cached. Failures are warnings \
            on stderr; the run still exits 0, since plan falls back to the cache.

            With features.media_attachments on, each content item's mediaUrl (https only) is \
            mirrored into $XDG_CACHE_HOME/tidings/media when it is a PNG, JPEG, GIF or WebP image \
            of at most media.max_bytes, and the least recently used images are deleted past \
            media.quota. An image that fails is a warning, never a failure.

            With --due (what the timers run, every 15 minutes) only the sources that are due \
            are fetched: a source is due when its last success is sources.every old (calendars \
            15m, content and schedules 6h), less a fifth of that (at most 5 minutes) for the \
            timer's jitter; a source whose last attempt failed is tried again after 15 minutes. \
            A run with nothing due costs a few milliseconds. Without --due every source is fetched.

            With --verbose, a remote schedule that arrived changed, or was refused, is shown: the \
            first 2000 characters of its JSON, said when cut. tidings schedule show NAME shows \
            the schedule kept, parsed and checked.

            Exit status: 0 done (also when sources failed, or another prefetch run still runs), 64 usage or config error, 1 failure \
            (the database could not be written).
            """)

    @OptionGroup public var options: CommonOptions
    @OptionGroup var lock: LockOptions

    @Flag(help: "Fetch only the sources that are due (sources.every); the timers run this.")
    var due = false

    public init() {}

    public func run(_ context: RunContext) throws {
        let database = try context.openDatabase()
        guard try StageLock.acquire(context, database: database, wait: try lock.wait()) else { return }
        try context.keepConfig(in: database)
        if context.config.sources.isEmpty {
            let daily = context.config.daily.enabled ? "plan will use emergency lines" : "the daily update is \(context.config.daily.status)"
            Terminal.warning(program: "prefetch", "no sources configured (\(context.configOrigin)); \(daily)")
        }
        let media = MediaCache(folder: context.places.mediaFolder)
        var prefetcher = Prefetcher(database: database, config: context.config, media: media)
        prefetcher.preparedCalendars = PreparedCalendarFolder(folder: context.places.preparedCalendarFolder)
        prefetcher.environment = context.places.environment
        prefetcher.caldavStates = CalDAVStateFolder(folder: context.places.caldavFolder)
        let outcome = try prefetcher.run(now: context.now, onlyDue: due) { attempt in
            if let reason = attempt.reason {
                Terminal.warning(program: "prefetch", "source \(attempt.source): \(attempt.outcome): \(reason)")
            } else {
                context.narrate("source \(attempt.source): \(attempt.outcome), \(attempt.bytes) bytes in \(attempt.durationMs) ms")
            }
        }
        for (source, note) in outcome.notes {
            context.narrate("source \(source): \(note)")
        }
        for (source, preview, refused) in outcome.schedulePreviews {
            let what = refused ? "the schedule was refused" : "the schedule changed"
            let text = preview.text.reversed().drop { $0.isNewline }.reversed()
            context.narrate("source \(source): \(what); its JSON (\(preview.extent)):\n\(String(text))\(preview.isCut ? "\n[…cut]" : "")")
        }
        for (source, time) in outcome.notDue {
            context.narrate("source \(source): not due until \(ISOTime.format(time, in: context.zone))")
        }
        for result in outcome.media {
            if case .refused(let reason) = result.outcome {
                Terminal.warning(program: "prefetch", "media \(result.url): \(reason)")
            } else {
                context.narrate("media \(result.url): \(result.outcome)")
            }
        }
        context.narrate(outcome.summary)
    }
}
