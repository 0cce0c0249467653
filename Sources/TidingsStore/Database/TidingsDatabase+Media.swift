import Foundation
import TidingsCore

extension TidingsDatabase {
    /// The distinct media URLs of the cached content, those of the latest scheduled items
    /// first, at most `limit`.
    public func contentMediaURLs(limit: Int) throws(StoreError) -> [String] {
        try snapshot("read content media") { db in
            try db.values(
                """
                SELECT mediaUrl FROM content WHERE mediaUrl IS NOT NULL
                GROUP BY mediaUrl ORDER BY max(scheduledTime) DESC, mediaUrl LIMIT ?
                """,
                [limit.storeValue], as: String.self)
        }
    }

    /// The media URL of the content a notification shows, from its subject
    /// (`content:<source>/<id>`); nil for other subjects or content without media.
    public func mediaURL(ofSubject subject: String) throws(StoreError) -> String? {
        guard subject.hasPrefix("content:") else { return nil }
        let key = subject.dropFirst("content:".count)
        // A source name has no '/', so the first one ends it; the id may hold more.
        guard let slash = key.firstIndex(of: "/") else { return nil }
        let source = String(key[..<slash])
        let id = String(key[key.index(after: slash)...])
        return try snapshot("read content media") { db in
            try db.value("SELECT mediaUrl FROM content WHERE source = ? AND id = ?", [source.storeValue, id.storeValue], as: String.self)
        }
    }

    /// Deletes the media cache's images, least recently used first, until `wanted` bytes are
    /// free beside the database, when the cache shares the database's file system (deleting
    /// elsewhere frees nothing here). Returns how many were deleted.
    func evictMedia(untilFree wanted: Int64) -> Int {
        guard let mediaFolder, Self.sameFileSystem(mediaFolder, folder) else { return 0 }
        var deleted = 0
        for file in MediaCache(folder: mediaFolder).files() {
            if let space = DiskSpace(of: folder), space.available >= wanted { break }
            if unlink(file.path) == 0 { deleted += 1 }
        }
        return deleted
    }

    /// Whether the paths `a` and `b` (which must exist) are on one file system.
    static func sameFileSystem(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev
    }
}
