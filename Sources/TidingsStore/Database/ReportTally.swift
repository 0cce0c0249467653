import TidingsCore

/// The running totals behind `report` (migration v25): per UTC day, how many notifications
/// are due in each (state, staleness, generator, capped) and how many sends each channel
/// ended with each outcome (and, failed, reason). Database triggers keep them, in the
/// transaction that writes the row, on every insert, update and delete of `notification`
/// and `delivery`, whoever writes it (deliver, plan's retention, the disk-full eviction, a copy):
/// a killed writer leaves rows and totals as they were. A report sums the whole days of
/// its window from here and counts its partial first and last day from the rows.
///
/// The rule is written once, below, as SQL expressions over a row (`NEW` or `OLD`); only
/// the trigger's frame differs: SQLite triggers, a PL/pgSQL function on PostgreSQL. These
/// statements are migration v25's: a later change to the rule is a migration of its own
/// that replaces the triggers and fills the totals again.
public enum ReportTally {
    /// A day of the totals, in milliseconds: UTC days since the epoch (`dueAt / dayMillis`).
    public static let dayMillis: Int64 = 86_400_000

    /// The tables of the totals.
    public static let tables = ["notificationTally", "deliveryTally"]

    /// The outcomes of a `delivery` row that `report --by channel` counts; other rows
    /// (claims, `replaced` versions, missed and expired items, rows that name no channel)
    /// are not kept.
    static let countedOutcomes: [DeliveryOutcome] = [.delivered, .failed, .retry]

    /// A notification's key over `row` (`NEW` or `OLD`): day, state, staleness, generator
    /// ('' for none), capped (1 when the pending cap held it).
    static func notificationKey(_ row: String) -> [(column: String, value: String)] {
        [
            ("day", "\(row).dueAt / \(dayMillis)"),
            ("state", "\(row).state"),
            ("staleness", "\(row).staleness"),
            ("generator", "coalesce(\(row).generator, '')"),
            ("capped", "CASE WHEN (\(row).hold & \(Hold.cap.rawValue)) <> 0 THEN 1 ELSE 0 END"),
        ]
    }

    /// A delivery's key over `row`: day, channel, outcome, and for a failed send its reason
    /// as the report groups it (trimmed, its first `reasonLength + 1` characters; '' for none).
    static func deliveryKey(_ row: String) -> [(column: String, value: String)] {
        [
            ("day", "\(row).scheduledTime / \(dayMillis)"),
            ("channel", "\(row).channel"),
            ("outcome", "\(row).outcome"),
            (
                "reason",
                "CASE WHEN \(row).outcome = 'failed' THEN coalesce(substr(trim(\(row).failureReason), 1, \(ChannelDeliveries.reasonLength + 1)), '') ELSE '' END"
            ),
        ]
    }

    /// Whether a delivery row over `row` is counted.
    static func deliveryCounted(_ row: String) -> String {
        "(\(row).channel IS NOT NULL AND \(row).outcome IN (\(countedOutcomes.map { "'\($0.rawValue)'" }.joined(separator: ", "))))"
    }

    /// One table's totals: its name, the table it counts, the key, and when a row counts.
    struct Counted: Sendable {
        let tally: String
        let table: String
        let key: @Sendable (String) -> [(column: String, value: String)]
        let counted: @Sendable (String) -> String
        /// The columns a change of which may move a row to another key.
        let watched: [String]
    }

    static let notifications = Counted(
        tally: "notificationTally", table: "notification", key: notificationKey, counted: { _ in "1 = 1" },
        watched: ["dueAt", "state", "staleness", "generator", "hold"])
    static let deliveries = Counted(
        tally: "deliveryTally", table: "delivery", key: deliveryKey, counted: deliveryCounted,
        watched: ["scheduledTime", "channel", "outcome", "failureReason"])

    /// Adds one for `row` to its key's total.
    static func increment(_ counted: Counted, _ row: String, when condition: String) -> String {
        let key = counted.key(row)
        let columns = key.map(\.column).joined(separator: ", ")
        return """
            INSERT INTO \(counted.tally) (\(columns), n)
                SELECT \(key.map(\.value).joined(separator: ", ")), 1 WHERE \(condition)
                ON CONFLICT (\(columns)) DO UPDATE SET n = \(counted.tally).n + 1
            """
    }

    /// Takes one for `row` off its key's total, and drops the total when it reaches nothing
    /// (so that the totals hold the keys of the rows there are, as a copy's do).
    static func decrement(_ counted: Counted, _ row: String, when condition: String) -> String {
        let match = counted.key(row).map { "\($0.column) = \($0.value)" }.joined(separator: " AND ")
        return """
            UPDATE \(counted.tally) SET n = n - 1 WHERE \(condition) AND \(match);
                DELETE FROM \(counted.tally) WHERE n = 0 AND \(condition) AND \(match)
            """
    }

    /// Whether an update moved a row to another key (or in or out of the counted rows).
    static func moved(_ counted: Counted, _ dialect: SQLDialect) -> String {
        let differs = dialect == .sqlite ? "IS NOT" : "IS DISTINCT FROM"
        let pairs = zip(counted.key("OLD"), counted.key("NEW")).map { "(\($0.value)) \(differs) (\($1.value))" }
        return (pairs + ["\(counted.counted("OLD")) \(differs) \(counted.counted("NEW"))"]).joined(separator: " OR ")
    }

    /// Migration v25's statements on `dialect`: the tables, the triggers, the totals of the
    /// rows already there.
    static func migration(_ dialect: SQLDialect) -> [String] {
        let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
        let tail = dialect == .sqlite ? " WITHOUT ROWID" : ""
        var statements = [
            """
            CREATE TABLE notificationTally (
                day \(integer) NOT NULL, state TEXT NOT NULL, staleness TEXT NOT NULL, generator TEXT NOT NULL,
                capped \(integer) NOT NULL, n \(integer) NOT NULL,
                PRIMARY KEY (day, state, staleness, generator, capped))\(tail)
            """,
            """
            CREATE TABLE deliveryTally (
                day \(integer) NOT NULL, channel TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT NOT NULL,
                n \(integer) NOT NULL,
                PRIMARY KEY (day, channel, outcome, reason))\(tail)
            """,
        ]
        for counted in [notifications, deliveries] {
            statements += triggers(counted, dialect)
            let key = counted.key(counted.table)
            statements.append(
                """
                INSERT INTO \(counted.tally) (\(key.map(\.column).joined(separator: ", ")), n)
                    SELECT \(key.map(\.value).joined(separator: ", ")), count(*) FROM \(counted.table)
                    WHERE \(counted.counted(counted.table)) GROUP BY \(key.indices.map { String($0 + 1) }.joined(separator: ", "))
                """)
        }
        return statements
    }

    /// The triggers that keep `counted` on `dialect`.
    static func triggers(_ counted: Counted, _ dialect: SQLDialect) -> [String] {
        let name = "\(counted.table)_tally"
        let watched = counted.watched.joined(separator: ", ")
        switch dialect {
        case .sqlite:
            return [
                """
                CREATE TRIGGER \(name)_insert AFTER INSERT ON \(counted.table) BEGIN
                    \(increment(counted, "NEW", when: counted.counted("NEW")));
                END
                """,
                """
                CREATE TRIGGER \(name)_delete AFTER DELETE ON \(counted.table) BEGIN
                    \(decrement(counted, "OLD", when: counted.counted("OLD")));
                END
                """,
                """
                CREATE TRIGGER \(name)_update AFTER UPDATE OF \(watched) ON \(counted.table)
                WHEN \(moved(counted, dialect)) BEGIN
                    \(decrement(counted, "OLD", when: counted.counted("OLD")));
                    \(increment(counted, "NEW", when: counted.counted("NEW")));
                END
                """,
            ]
        case .postgresql:
            return [
                """
                CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP IN ('UPDATE', 'DELETE') THEN
                        \(decrement(counted, "OLD", when: counted.counted("OLD")));
                    END IF;
                    IF TG_OP IN ('INSERT', 'UPDATE') THEN
                        \(increment(counted, "NEW", when: counted.counted("NEW")));
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                "CREATE TRIGGER \(name)_insert AFTER INSERT ON \(counted.table) FOR EACH ROW EXECUTE FUNCTION \(name)()",
                "CREATE TRIGGER \(name)_delete AFTER DELETE ON \(counted.table) FOR EACH ROW EXECUTE FUNCTION \(name)()",
                """
                CREATE TRIGGER \(name)_update AFTER UPDATE OF \(watched) ON \(counted.table) FOR EACH ROW
                WHEN (\(moved(counted, dialect))) EXECUTE FUNCTION \(name)()
                """,
            ]
        }
    }
}
