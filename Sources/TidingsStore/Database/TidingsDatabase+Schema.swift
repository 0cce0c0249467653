import GRDB

extension TidingsDatabase {
    /// The schema's history: named, append-only migrations. Never edit one that has shipped.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-pipeline") { db in
            try db.execute(
                sql: """
                    CREATE TABLE source (
                        name TEXT PRIMARY KEY NOT NULL,
                        url TEXT NOT NULL,
                        etag TEXT,
                        lastModified TEXT,
                        firstSeenAt INTEGER NOT NULL,
                        lastAttemptAt INTEGER,
                        lastSuccessAt INTEGER,
                        lastOutcome TEXT
                    );
                    CREATE TABLE content (
                        source TEXT NOT NULL,
                        id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        scheduledTime INTEGER NOT NULL,
                        mediaUrl TEXT,
                        fetchTime INTEGER NOT NULL,
                        deepLink TEXT,
                        PRIMARY KEY (source, id)
                    );
                    CREATE TABLE fetchAttempt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        source TEXT NOT NULL,
                        startedAt INTEGER NOT NULL,
                        durationMs INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        httpStatus INTEGER,
                        bytes INTEGER NOT NULL DEFAULT 0,
                        reason TEXT
                    );
                    CREATE INDEX fetchAttempt_startedAt ON fetchAttempt(startedAt, outcome);
                    CREATE TABLE notification (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        category TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        deepLink TEXT,
                        dueAt INTEGER NOT NULL,
                        plannedLocal TEXT NOT NULL,
                        plannedZone TEXT NOT NULL,
                        staleness TEXT NOT NULL,
                        contentFetchTime INTEGER,
                        priority INTEGER NOT NULL DEFAULT 0,
                        state TEXT NOT NULL,
                        stateReason TEXT,
                        claimedAt INTEGER,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX notification_state_due ON notification(state, dueAt);
                    CREATE INDEX notification_state_staleness_due ON notification(state, staleness, dueAt);
                    CREATE TABLE delivery (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        notificationId TEXT NOT NULL,
                        scheduledTime INTEGER NOT NULL,
                        actualDeliveryTime INTEGER,
                        contentAge INTEGER,
                        staleness TEXT NOT NULL,
                        channel TEXT,
                        outcome TEXT NOT NULL,
                        engagement TEXT,
                        engagedAt INTEGER,
                        failureReason TEXT,
                        platformInfo TEXT
                    );
                    CREATE INDEX delivery_scheduled ON delivery(scheduledTime, channel, outcome, engagement);
                    CREATE INDEX delivery_notification ON delivery(notificationId);
                    CREATE TABLE stageRun (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        stage TEXT NOT NULL,
                        startedAt INTEGER NOT NULL,
                        endedAt INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        summary TEXT NOT NULL
                    );
                    CREATE INDEX stageRun_stage ON stageRun(stage, startedAt);
                    """)
        }
        migrator.registerMigration("v2-channels") { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox (
                        notificationId TEXT NOT NULL,
                        channel TEXT NOT NULL,
                        attempts INTEGER NOT NULL,
                        nextAttemptAt INTEGER NOT NULL,
                        lastError TEXT,
                        PRIMARY KEY (notificationId, channel)
                    );
                    CREATE INDEX outbox_next ON outbox(nextAttemptAt);
                    CREATE INDEX delivery_inbox ON delivery(channel, engagement, actualDeliveryTime);
                    """)
        }
        migrator.registerMigration("v3-calendars") { db in
            try db.execute(
                sql: """
                    CREATE TABLE calendar (
                        source TEXT PRIMARY KEY NOT NULL,
                        ics TEXT NOT NULL,
                        fetchTime INTEGER NOT NULL,
                        eventCount INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v4-expiry-updates") { db in
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN expiresAt INTEGER;
                    ALTER TABLE content ADD COLUMN expiresAt INTEGER;
                    ALTER TABLE notification ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE notification ADD COLUMN subject TEXT;
                    ALTER TABLE notification ADD COLUMN fingerprint TEXT;
                    ALTER TABLE delivery ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                    CREATE INDEX delivery_channel_outcome ON delivery(channel, outcome, scheduledTime);
                    """)
        }
        migrator.registerMigration("v5-scheme-handlers") { db in
            // IF NOT EXISTS: a development build had the table in v4.
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS schemeHandler (
                        scheme TEXT PRIMARY KEY NOT NULL,
                        installed INTEGER NOT NULL,
                        stamp TEXT NOT NULL,
                        checkedAt INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v6-schedules") { db in
            try db.execute(
                sql: """
                    CREATE TABLE schedule (
                        source TEXT PRIMARY KEY NOT NULL,
                        json TEXT NOT NULL,
                        version TEXT NOT NULL,
                        versionSeenAt INTEGER NOT NULL,
                        fetchTime INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v7-generator") { db in
            // Who wrote each notification's text, for report's share by generator.
            try db.execute(sql: "ALTER TABLE notification ADD COLUMN generator TEXT")
        }
        migrator.registerMigration("v8-llm-cache") { db in
            try db.execute(
                sql: """
                    CREATE TABLE llmCache (
                        key TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        createdAt INTEGER NOT NULL
                    );
                    CREATE INDEX llmCache_createdAt ON llmCache(createdAt);
                    """)
        }
        migrator.registerMigration("v9-generator-index") { db in
            // report's share by generator reads the index alone, and skips rows without one.
            try db.execute(
                sql: """
                    CREATE INDEX notification_state_due_generator ON notification(state, dueAt, generator) WHERE generator IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v10-tapped-index") { db in
            // Insights start after the first taps: `plan` asks for a few on every run, which
            // without this scanned every delivery of a history that has none.
            try db.execute(
                sql: """
                    CREATE INDEX delivery_tapped ON delivery(scheduledTime) WHERE engagement = 'TAPPED';
                    """)
        }
        migrator.registerMigration("v11-leases") { db in
            // A claim is a lease: who holds it (`Claimant`), so that a run that died is told
            // from a slow one; how many runs claimed the item, so that a resumed item skips
            // the channels that already have its outcome. Retry legs are claimed in place,
            // not deleted, until their outcome is committed. `inflight` holds the legs on
            // at-most-once channels that a run may have started to send.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE notification ADD COLUMN claimedBy TEXT;
                    ALTER TABLE outbox ADD COLUMN claimedBy TEXT;
                    CREATE TABLE inflight (
                        notificationId TEXT NOT NULL,
                        channel TEXT NOT NULL,
                        revision INTEGER NOT NULL,
                        claimedBy TEXT NOT NULL,
                        startedAt INTEGER NOT NULL,
                        sent INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (notificationId, channel)
                    );
                    """)
        }
        migrator.registerMigration("v12-freshness") { db in
            // `plan --if-changed` plans when a source's cached content changed since the last
            // plan, or when the plan's inputs (config, locale, zone) did. Changes are numbered,
            // not timed, so a fetch that lands while a plan runs is seen by the next one:
            // `changeSeq` is the number of a source's last change (counted across sources),
            // `planInputs` the last plan's fingerprint and the last change it had seen. A
            // calendar keeps how many of its events came without a UID, for doctor.
            try db.execute(
                sql: """
                    ALTER TABLE source ADD COLUMN changeSeq INTEGER;
                    ALTER TABLE calendar ADD COLUMN withoutUID INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE planInputs (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        plannedAt INTEGER NOT NULL,
                        fingerprint TEXT NOT NULL,
                        changeSeq INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v13-engageable-index") { db in
            // report's engagement rate counts each notification once, however many of the
            // channels that report engagement it reached: the legs of one notification share
            // its due time, so this index hands them over side by side, and the rate is one
            // range of it, grouped without sorting. Only those channels' deliveries are in it.
            try db.execute(
                sql: """
                    CREATE INDEX delivery_engageable ON delivery(scheduledTime, notificationId, engagement, channel, outcome)
                        WHERE outcome = 'delivered' AND channel IN ('desktop', 'inbox');
                    """)
        }
        migrator.registerMigration("v14-clears") { db in
            // A leg in the outbox either sends its item (`send`) or takes back what a channel
            // showed of it (`clear`: a meeting cancelled after its reminder went out), with the
            // same retries and claims as a send.
            try db.execute(
                sql: """
                    ALTER TABLE outbox ADD COLUMN action TEXT NOT NULL DEFAULT 'send';
                    """)
        }
        migrator.registerMigration("v15-data") { db in
            // A content item's free-form `data`, kept in the cache as it came and, when it is
            // a small object, on the notification that shows it (for the json webhook format
            // and commands).
            try db.execute(
                sql: """
                    ALTER TABLE content ADD COLUMN data TEXT;
                    ALTER TABLE notification ADD COLUMN data TEXT;
                    """)
        }
        migrator.registerMigration("v16-reminders") { db in
            // Reminders the user adds (`tidings add`): a notification may name its own
            // channels instead of its category's route, and a repeating reminder keeps its
            // rule, from which each plan run creates the occurrences ahead.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN channels TEXT;
                    CREATE TABLE reminder (
                        id TEXT PRIMARY KEY NOT NULL,
                        category TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        deepLink TEXT,
                        channels TEXT,
                        every TEXT NOT NULL,
                        firstAt INTEGER NOT NULL,
                        untilAt INTEGER,
                        zone TEXT NOT NULL,
                        createdAt INTEGER NOT NULL,
                        stoppedAt INTEGER
                    );
                    """)
        }
        migrator.registerMigration("v17-digest-members") { db in
            // A digest's members take its end (delivered, missed, …) when it reaches it, so
            // each counts as delivered through it rather than as cancelled.
            try digestMembersMigration(db)
        }
        migrator.registerMigration("v18-snoozed-index") { db in
            // report counts snoozes (`tidings inbox snooze`, the desktop's action) in its
            // window: few rows among many, so a partial index makes that count one short range,
            // read without the table; a snooze marks the desktop and inbox legs of one
            // version, which share its due time and id, and counts once.
            try db.execute(
                sql: """
                    CREATE INDEX delivery_snoozed ON delivery(scheduledTime, notificationId, engagement) WHERE engagement = 'SNOOZED';
                    """)
        }
        migrator.registerMigration("v19-last-good-config") { db in
            // Which text of each config file last loaded (its hash and time; the text itself
            // is a private file beside the database), so that deliver and the commands that
            // only read go on with it when the file breaks; and the error the file has now,
            // told to the person once (the notice's id).
            try db.execute(
                sql: """
                    CREATE TABLE configState (
                        path TEXT PRIMARY KEY NOT NULL,
                        hash TEXT NOT NULL,
                        loadedAt INTEGER NOT NULL,
                        error TEXT,
                        errorSince INTEGER,
                        noticeId TEXT
                    );
                    """)
        }
        migrator.registerMigration("v20-reminder-anchor") { db in
            // A reminder the user added keeps, across a change of zone, what they gave:
            // the wall time of `--at` (an alarm clock) or the instant of `--in`.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN anchor TEXT;
                    """)
        }
        migrator.registerMigration("v21-typed-seam") { db in
            // What code reads travels in typed columns instead of text it parses back: why an
            // item waits (`hold`: 1 the pending cap, 2 the user took it over), whether it is
            // about an all-day event, a generator's fallback reason apart from its name, and
            // (4) a member merged into a digest, which the digest's trigger now finds by it.
            // Existing rows keep their meaning: each column is filled from the old text.
            // `stateReason` stays, for people only.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN hold INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE notification ADD COLUMN isAllDay INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE notification ADD COLUMN generatorReason TEXT;
                    UPDATE notification SET hold = hold | 1
                        WHERE (state = 'backlog' AND stateReason LIKE 'backlog%')
                           OR (state IN ('missed', 'expired') AND stateReason LIKE '%held back by the pending cap%');
                    UPDATE notification SET hold = hold | 2, fingerprint = nullif(substr(fingerprint, 6), '')
                        WHERE substr(fingerprint, 1, 5) = 'user:';
                    UPDATE notification SET isAllDay = 1 WHERE id LIKE '%@all-day';
                    UPDATE notification SET generatorReason = nullif(substr(generator, 15), ''), generator = 'llm-fallback'
                        WHERE substr(generator, 1, 13) = 'llm-fallback:';
                    UPDATE notification SET hold = hold | 4
                        WHERE state = 'cancelled' AND EXISTS (SELECT 1 FROM digestMember
                            WHERE memberId = notification.id AND notification.stateReason = 'merged into ' || digestId);
                    DROP TRIGGER digest_settles_members;
                    """)
            try db.execute(sql: digestSettlesMembersV21)
        }
        migrator.registerMigration("v22-typed-facts") { db in
            // What code reads of an id or a fingerprint travels in typed columns: the meeting
            // occurrence a reminder belongs to and its lead time, the day a daily update,
            // weekly summary or insight is for, and the meeting facts `tidings next` shows.
            // Existing rows are filled from their ids and fingerprints, here and nowhere else
            // (see `fillTypedFactsV22`); the fingerprint stays a digest compared whole. The
            // last plan's inputs are forgotten, so the next `plan --if-changed` plans again
            // and rewrites the text of reminders planned before the countdown slot.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN occurrence TEXT;
                    ALTER TABLE notification ADD COLUMN lead INTEGER;
                    ALTER TABLE notification ADD COLUMN day TEXT;
                    ALTER TABLE notification ADD COLUMN startsAt INTEGER;
                    ALTER TABLE notification ADD COLUMN endsAt INTEGER;
                    ALTER TABLE notification ADD COLUMN eventTitle TEXT;
                    ALTER TABLE notification ADD COLUMN joinURL TEXT;
                    UPDATE notification SET day = substr(id, instr(id, ':') + 1)
                        WHERE kind IN ('daily', 'weekly', 'insight') AND substr(id, instr(id, ':') + 1) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]';
                    CREATE INDEX notification_occurrence ON notification(occurrence) WHERE occurrence IS NOT NULL;
                    CREATE INDEX notification_kind_due ON notification(kind, dueAt);
                    DELETE FROM planInputs;
                    """)
            try fillTypedFactsV22(db)
        }
        migrator.registerMigration("v23-delivery-unavailable") { db in
            // Whether a failed leg failed because its channel could not take anything (no
            // session bus, a webhook's secret missing) rather than refusing the item: a resumed
            // run gives only those to the channel's fallback. Filled from the reason's words,
            // the one place they are read.
            try db.execute(
                sql: """
                    ALTER TABLE delivery ADD COLUMN unavailable INTEGER NOT NULL DEFAULT 0;
                    UPDATE delivery SET unavailable = 1
                        WHERE outcome = 'failed' AND channel IS NOT NULL AND substr(failureReason, 1, length(channel) + 14) = channel || ' unavailable: ';
                    """)
        }
        migrator.registerMigration("v24-leases") { db in
            // A claim's lease has an expiry (`leaseExpiresAt`) that its live holder renews: a
            // holder on another host, which cannot be checked through /proc, loses its claim
            // only when the expiry passed. `claims` counts the claims and takeovers of an
            // item (and now of a retry leg) and is the fence of an outcome: a worker records
            // what it did only while the count is still the one it claimed with. What a worker
            // whose claim was taken over tried to record lands in `staleOutcome`: `report`
            // counts its sends as suspected duplicates.
            try db.execute(
                sql: """
                    ALTER TABLE notification ADD COLUMN leaseExpiresAt INTEGER;
                    ALTER TABLE outbox ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE outbox ADD COLUMN leaseExpiresAt INTEGER;
                    ALTER TABLE inflight ADD COLUMN leaseExpiresAt INTEGER;
                    CREATE INDEX notification_claimed_by ON notification(claimedBy) WHERE claimedBy IS NOT NULL;
                    CREATE TABLE staleOutcome (
                        notificationId TEXT NOT NULL,
                        channel TEXT NOT NULL,
                        attempt INTEGER NOT NULL,
                        revision INTEGER NOT NULL,
                        scheduledTime INTEGER NOT NULL,
                        outcome TEXT NOT NULL,
                        claimedBy TEXT NOT NULL,
                        refusedAt INTEGER NOT NULL,
                        PRIMARY KEY (notificationId, channel, attempt)
                    );
                    CREATE INDEX staleOutcome_scheduled ON staleOutcome(scheduledTime);
                    """)
        }
        migrator.registerMigration("v25-report-tallies") { db in
            // `report` sums per-day totals that triggers keep as rows are written (ReportTally).
            for statement in ReportTally.migration(.sqlite) { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v26-deliver-narrow") { db in
            // Two indexes that no query reads any more, each changed by every claim or delivery.
            for statement in DeliverIndexes.dropped { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v27-realtime-stream") { db in
            // The last message id `tidings listen` saw per stream, to catch up from after a reconnect.
            try db.execute(sql: RealtimeStreamTable.create)
        }
        migrator.registerMigration("v28-handover") { db in
            // What the servers of ntfy targets with schedule_ahead hold, to show at its time.
            for statement in HandOverTable.create { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v29-nag") { db in
            // The rule of each reminder added with --nag (nag until seen).
            for statement in NagTable.create { try db.execute(sql: statement) }
        }
        return migrator
    }()
}
