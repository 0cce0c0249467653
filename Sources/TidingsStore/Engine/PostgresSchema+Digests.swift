import TidingsCore

extension PostgresSchema {
    /// v17: a digest remembers its members, and its end reaches them (see
    /// TidingsDatabase+Digests.swift). SQLite's triggers become PL/pgSQL functions of the same
    /// names, each run by a trigger of that name with SQLite's `WHEN`.
    ///
    /// SQLite runs triggers without recursion (GRDB leaves `recursive_triggers` off), so the
    /// members a digest settles do not set off the trigger in turn, even a member that is a
    /// digest itself; PostgreSQL would, hence `pg_trigger_depth() < 1`. PostgreSQL runs an
    /// AFTER trigger at the end of the statement rather than after each row: the store changes
    /// a digest's state in statements of their own, so the rows that result are the same.
    static let digestMembersV17: [String] = [
        """
        CREATE TABLE digestMember (
            digestId TEXT NOT NULL,
            memberId TEXT NOT NULL,
            PRIMARY KEY (digestId, memberId)
        )
        """,
        """
        CREATE FUNCTION digest_settles_members() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE notification
            SET state = CASE WHEN NEW.state IN ('read', 'dismissed') THEN 'delivered' ELSE NEW.state END,
                stateReason = 'in ' || NEW.id, updatedAt = NEW.updatedAt
            WHERE id IN (SELECT memberId FROM digestMember WHERE digestId = NEW.id)
                AND state = 'cancelled' AND stateReason = 'merged into ' || NEW.id;
            RETURN NULL;
        END
        $$
        """,
        digestSettlesMembersTrigger,
        """
        CREATE FUNCTION digest_forgets_members() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM digestMember WHERE digestId = OLD.id;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER digest_forgets_members AFTER DELETE ON notification FOR EACH ROW
        WHEN (OLD.kind = 'digest')
        EXECUTE FUNCTION digest_forgets_members()
        """,
    ]

    /// v21: the members a digest settles are those it merged (`Hold.digest`), not those whose
    /// `stateReason` names it. SQLite drops the trigger and creates it anew: so does this.
    static let digestSettlesMembersV21: [String] = [
        "DROP TRIGGER digest_settles_members ON notification",
        """
        CREATE OR REPLACE FUNCTION digest_settles_members() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE notification
            SET state = CASE WHEN NEW.state IN ('read', 'dismissed') THEN 'delivered' ELSE NEW.state END,
                stateReason = 'in ' || NEW.id, updatedAt = NEW.updatedAt
            WHERE id IN (SELECT memberId FROM digestMember WHERE digestId = NEW.id)
                AND state = 'cancelled' AND (hold & \(Hold.digest.rawValue)) <> 0;
            RETURN NULL;
        END
        $$
        """,
        digestSettlesMembersTrigger,
    ]

    /// The trigger that runs `digest_settles_members()` when a digest reaches its end: the
    /// same in v17 and v21 (a migration's text, never to change: v24 would add its own).
    private static let digestSettlesMembersTrigger = """
        CREATE TRIGGER digest_settles_members AFTER UPDATE OF state ON notification FOR EACH ROW
        WHEN (NEW.kind = 'digest' AND NEW.state <> OLD.state
            AND NEW.state IN ('delivered', 'read', 'dismissed', 'failed', 'missed', 'expired')
            AND pg_trigger_depth() < 1)
        EXECUTE FUNCTION digest_settles_members()
        """
}
