import GRDB
import TidingsCore

extension TidingsDatabase {
    /// Fills v22's meeting columns of the rows written before it, from the text they carried:
    /// the id `meeting:<uid>[:<recurrence>]@<lead|all-day>` gives the occurrence (the id
    /// without its `@…`) and the lead; the fingerprint (start, end, title, join link and
    /// location joined with U+001F) gives the facts `tidings next` shows. An id from before
    /// ids carried their lead (`meeting:<uid>`, whose uid may hold an `@` of its own) is its
    /// own occurrence. This is the one place that reads those texts: no code does after it.
    static func fillTypedFactsV22(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, fingerprint FROM notification WHERE kind = 'meeting'")
        let update = try db.makeStatement(
            sql: "UPDATE notification SET occurrence = ?, lead = ?, startsAt = ?, endsAt = ?, eventTitle = ?, joinURL = ? WHERE id = ?")
        for row in rows {
            let id: String = row[0]
            var occurrence = id
            var lead: Int64?
            if let at = id.lastIndex(of: "@") {
                let suffix = String(id[id.index(after: at)...])
                if suffix == "all-day" {
                    occurrence = String(id[..<at])
                } else if let parsed = DurationText.parse(suffix) {
                    occurrence = String(id[..<at])
                    lead = parsed
                }
            }
            var facts: (start: EpochMillis?, end: EpochMillis?, title: String?, url: String?) = (nil, nil, nil, nil)
            if let fingerprint: String = row[1] {
                let parts = fingerprint.split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
                if parts.count >= 4, let start = ISOTime.parse(parts[0], in: .current), let end = ISOTime.parse(parts[1], in: .current) {
                    facts = (start, max(start, end), parts[2], parts[3].isEmpty ? nil : parts[3])
                }
            }
            try update.execute(arguments: [occurrence, lead, facts.start, facts.end, facts.title, facts.url, id])
        }
    }
}
