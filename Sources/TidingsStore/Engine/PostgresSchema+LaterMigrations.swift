extension PostgresSchema {
    /// v13 to v25. Their data fills find no rows on PostgreSQL, whose databases are created
    /// by this build, but they are written out all the same, so that each migration does what
    /// its SQLite twin does. SQLite's `LIKE` ignores the case of ASCII letters: `ILIKE` here.
    static let laterMigrations: [Migration] = [
        Migration(
            identifier: "v13-engageable-index",
            statements: [
                """
                CREATE INDEX delivery_engageable ON delivery(scheduledTime, notificationId, engagement, channel, outcome)
                    WHERE outcome = 'delivered' AND channel IN ('desktop', 'inbox')
                """
            ]),
        Migration(identifier: "v14-clears", statements: ["ALTER TABLE outbox ADD COLUMN action TEXT NOT NULL DEFAULT 'send'"]),
        Migration(
            identifier: "v15-data",
            statements: ["ALTER TABLE content ADD COLUMN data TEXT", "ALTER TABLE notification ADD COLUMN data TEXT"]),
        Migration(
            identifier: "v16-reminders",
            statements: [
                "ALTER TABLE notification ADD COLUMN channels TEXT",
                """
                CREATE TABLE reminder (
                    id TEXT PRIMARY KEY NOT NULL,
                    category TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    deepLink TEXT,
                    channels TEXT,
                    every TEXT NOT NULL,
                    firstAt BIGINT NOT NULL,
                    untilAt BIGINT,
                    zone TEXT NOT NULL,
                    createdAt BIGINT NOT NULL,
                    stoppedAt BIGINT
                )
                """,
            ]),
        Migration(identifier: "v17-digest-members", statements: digestMembersV17),
        Migration(
            identifier: "v18-snoozed-index",
            statements: [
                "CREATE INDEX delivery_snoozed ON delivery(scheduledTime, notificationId, engagement) WHERE engagement = 'SNOOZED'"
            ]),
        Migration(
            identifier: "v19-last-good-config",
            statements: [
                """
                CREATE TABLE configState (
                    path TEXT PRIMARY KEY NOT NULL,
                    hash TEXT NOT NULL,
                    loadedAt BIGINT NOT NULL,
                    error TEXT,
                    errorSince BIGINT,
                    noticeId TEXT
                )
                """
            ]),
        Migration(identifier: "v20-reminder-anchor", statements: ["ALTER TABLE notification ADD COLUMN anchor TEXT"]),
        Migration(
            identifier: "v21-typed-seam",
            statements: [
                "ALTER TABLE notification ADD COLUMN hold BIGINT NOT NULL DEFAULT 0",
                "ALTER TABLE notification ADD COLUMN isAllDay BIGINT NOT NULL DEFAULT 0",
                "ALTER TABLE notification ADD COLUMN generatorReason TEXT",
                """
                UPDATE notification SET hold = hold | 1
                    WHERE (state = 'backlog' AND stateReason ILIKE 'backlog%')
                       OR (state IN ('missed', 'expired') AND stateReason ILIKE '%held back by the pending cap%')
                """,
                """
                UPDATE notification SET hold = hold | 2, fingerprint = nullif(substr(fingerprint, 6), '')
                    WHERE substr(fingerprint, 1, 5) = 'user:'
                """,
                "UPDATE notification SET isAllDay = 1 WHERE id ILIKE '%@all-day'",
                """
                UPDATE notification SET generatorReason = nullif(substr(generator, 15), ''), generator = 'llm-fallback'
                    WHERE substr(generator, 1, 13) = 'llm-fallback:'
                """,
                """
                UPDATE notification SET hold = hold | 4
                    WHERE state = 'cancelled' AND EXISTS (SELECT 1 FROM digestMember
                        WHERE memberId = notification.id AND notification.stateReason = 'merged into ' || digestId)
                """,
            ] + digestSettlesMembersV21),
        Migration(
            identifier: "v22-typed-facts",
            statements: [
                "ALTER TABLE notification ADD COLUMN occurrence TEXT",
                "ALTER TABLE notification ADD COLUMN lead BIGINT",
                "ALTER TABLE notification ADD COLUMN day TEXT",
                "ALTER TABLE notification ADD COLUMN startsAt BIGINT",
                "ALTER TABLE notification ADD COLUMN endsAt BIGINT",
                "ALTER TABLE notification ADD COLUMN eventTitle TEXT",
                "ALTER TABLE notification ADD COLUMN joinURL TEXT",
                // SQLite's GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' matches the whole text.
                """
                UPDATE notification SET day = substr(id, strpos(id, ':') + 1)
                    WHERE kind IN ('daily', 'weekly', 'insight') AND substr(id, strpos(id, ':') + 1) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                """,
                "CREATE INDEX notification_occurrence ON notification(occurrence) WHERE occurrence IS NOT NULL",
                "CREATE INDEX notification_kind_due ON notification(kind, dueAt)",
                "DELETE FROM planInputs",
                // SQLite fills the meeting facts of older rows in Swift (`fillTypedFactsV22`),
                // parsing ids and fingerprints. No PostgreSQL database can hold such rows (no
                // build before this one wrote to PostgreSQL, and a copy brings a SQLite file's
                // rows up to date first), so this refuses rather than leaving them unfilled.
                """
                DO $$
                BEGIN
                    IF EXISTS (SELECT 1 FROM notification WHERE kind = 'meeting') THEN
                        RAISE EXCEPTION 'meeting reminders written before v22-typed-facts cannot be filled on PostgreSQL: copy them from a SQLite file brought up to date';
                    END IF;
                END
                $$
                """,
            ]),
        Migration(
            identifier: "v23-delivery-unavailable",
            statements: [
                "ALTER TABLE delivery ADD COLUMN unavailable BIGINT NOT NULL DEFAULT 0",
                """
                UPDATE delivery SET unavailable = 1
                    WHERE outcome = 'failed' AND channel IS NOT NULL AND substr(failureReason, 1, length(channel) + 14) = channel || ' unavailable: '
                """,
            ]),
        Migration(
            identifier: "v24-leases",
            statements: [
                "ALTER TABLE notification ADD COLUMN leaseExpiresAt BIGINT",
                "ALTER TABLE outbox ADD COLUMN claims BIGINT NOT NULL DEFAULT 0",
                "ALTER TABLE outbox ADD COLUMN leaseExpiresAt BIGINT",
                "ALTER TABLE inflight ADD COLUMN leaseExpiresAt BIGINT",
                "CREATE INDEX notification_claimed_by ON notification(claimedBy) WHERE claimedBy IS NOT NULL",
                """
                CREATE TABLE staleOutcome (
                    notificationId TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    attempt BIGINT NOT NULL,
                    revision BIGINT NOT NULL,
                    scheduledTime BIGINT NOT NULL,
                    outcome TEXT NOT NULL,
                    claimedBy TEXT NOT NULL,
                    refusedAt BIGINT NOT NULL,
                    PRIMARY KEY (notificationId, channel, attempt)
                )
                """,
                "CREATE INDEX staleOutcome_scheduled ON staleOutcome(scheduledTime)",
            ]),
        Migration(identifier: "v25-report-tallies", statements: ReportTally.migration(.postgresql)),
        Migration(identifier: "v26-deliver-narrow", statements: DeliverIndexes.dropped),
        Migration(identifier: "v27-realtime-stream", statements: [RealtimeStreamTable.create]),
        Migration(identifier: "v28-handover", statements: HandOverTable.create),
        Migration(identifier: "v29-nag", statements: NagTable.create),
    ]
}
