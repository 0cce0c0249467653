import GRDB
import TidingsCore

/// A digest and the items it takes the place of.
public struct DigestMerge: Sendable, Equatable {
    /// The new notification.
    public var digest: NotificationRecord
    /// Its members, earliest first; they are cancelled in its favour.
    public var members: [NotificationRecord]

    /// Creates a merge.
    public init(digest: NotificationRecord, members: [NotificationRecord]) {
        self.digest = digest
        self.members = members
    }
}

/// Which open items a digest may take: those of a kind (`tidings pending --group`, which also
/// takes items the user changed) or those a `[[digests]]` rule names (which leaves the user's
/// items, and the reminders they added, as they are).
public enum DigestCandidates: Sendable, Equatable {
    /// Every open item of the kind, the user's too.
    case kind(NotificationKind)
    /// The open items of a rule's category or kind that the user has not taken over.
    case rule(TidingsConfig.DigestRule.Members)
}

/// Digests: several items due close together, sent as one. A digest remembers its members
/// (`digestMember`, v17), and when it reaches its end (delivered, read, dismissed, failed,
/// missed or expired) its members take the same end in the same statement (a trigger), so each
/// counts as delivered through it, or as lost with it: never silently cancelled.
extension TidingsDatabase {
    /// Merges the open notifications `candidates` names into digests in one transaction:
    /// `compose` gets them (pending or in the backlog, not expired at `now`, first sends only,
    /// never digests), earliest first, and returns the digests to make. Each digest is stored
    /// pending (in the backlog when all its members were) and held for the user; its members
    /// are cancelled with a reason naming it, and held too.
    public func mergePending(
        _ candidates: DigestCandidates, now: EpochMillis, compose: ([NotificationRecord]) -> [DigestMerge]
    ) throws(StoreError) -> [DigestMerge] {
        try transaction("merge notifications") { db in
            var merges = compose(try Self.digestCandidates(candidates, now: now, db: db))
            for index in merges.indices {
                var digest = merges[index].digest
                let allBacklog = merges[index].members.allSatisfy { $0.state == .backlog }
                digest.state = allBacklog ? .backlog : .pending
                digest.holdForUser()
                digest.createdAt = now
                digest.updatedAt = now
                try db.execute(NotificationRecord.insertSQL, digest.storeValues)
                merges[index].digest = digest
                merges[index].members = try merges[index].members.map { member in
                    try db.execute(
                        "INSERT INTO digestMember (digestId, memberId) VALUES (?, ?) ON CONFLICT (digestId, memberId) DO NOTHING",
                        [digest.id.storeValue, member.id.storeValue])
                    var member = member
                    member.hold.insert(.digest)
                    return try Self.settle(member, reason: "merged into \(digest.id)", now: now, db: db)
                }
            }
            return merges
        }
    }

    /// The open first sends `candidates` names, not expired at `now`, earliest first.
    private static func digestCandidates(_ candidates: DigestCandidates, now: EpochMillis, db: any StoreConnection) throws
        -> [NotificationRecord]
    {
        let open = "state IN ('pending', 'backlog') AND kind <> 'digest' AND revision = 0 AND (expiresAt IS NULL OR expiresAt > ?)"
        let (filter, value): (String, String) =
            switch candidates {
            case .kind(let kind): ("kind = ?", kind.rawValue)
            case .rule(.kind(let kind)): ("kind = ? AND hold & \(Hold.user.rawValue) = 0", kind.rawValue)
            // A reminder the user added is theirs: only `tidings pending --group reminder` merges it.
            case .rule(.category(let category)):
                ("category = ? AND kind <> 'reminder' AND hold & \(Hold.user.rawValue) = 0", category.rawValue)
            }
        return try db.rows("SELECT * FROM notification WHERE \(open) AND \(filter) ORDER BY dueAt, id", [now.storeValue, value.storeValue])
            .map(NotificationRecord.init(store:))
    }

    /// The trigger that gives a digest's end to its members still cancelled as merged
    /// (`Hold.digest`), as v21 defines it; v17 matched their `stateReason` instead.
    static let digestSettlesMembersV21 = """
        CREATE TRIGGER digest_settles_members AFTER UPDATE OF state ON notification
        WHEN NEW.kind = 'digest' AND NEW.state <> OLD.state
            AND NEW.state IN ('delivered', 'read', 'dismissed', 'failed', 'missed', 'expired')
        BEGIN
            UPDATE notification
            SET state = CASE WHEN NEW.state IN ('read', 'dismissed') THEN 'delivered' ELSE NEW.state END,
                stateReason = 'in ' || NEW.id, updatedAt = NEW.updatedAt
            WHERE id IN (SELECT memberId FROM digestMember WHERE digestId = NEW.id)
                AND state = 'cancelled' AND hold & \(Hold.digest.rawValue) <> 0;
        END;
        """

    /// The migration that lets a digest's end reach its members (v17; v21 replaces its trigger).
    static func digestMembersMigration(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE digestMember (
                    digestId TEXT NOT NULL,
                    memberId TEXT NOT NULL,
                    PRIMARY KEY (digestId, memberId)
                ) WITHOUT ROWID;
                CREATE TRIGGER digest_settles_members AFTER UPDATE OF state ON notification
                WHEN NEW.kind = 'digest' AND NEW.state <> OLD.state
                    AND NEW.state IN ('delivered', 'read', 'dismissed', 'failed', 'missed', 'expired')
                BEGIN
                    UPDATE notification
                    SET state = CASE WHEN NEW.state IN ('read', 'dismissed') THEN 'delivered' ELSE NEW.state END,
                        stateReason = 'in ' || NEW.id, updatedAt = NEW.updatedAt
                    WHERE id IN (SELECT memberId FROM digestMember WHERE digestId = NEW.id)
                        AND state = 'cancelled' AND stateReason = 'merged into ' || NEW.id;
                END;
                CREATE TRIGGER digest_forgets_members AFTER DELETE ON notification WHEN OLD.kind = 'digest'
                BEGIN
                    DELETE FROM digestMember WHERE digestId = OLD.id;
                END;
                """)
    }
}
