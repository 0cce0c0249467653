extension TidingsDatabase {
    /// Runs `body` in a write transaction through the store's connection seam, with the
    /// failures, the full-disk handling and the retry of `write`: the form every store
    /// function takes as it moves onto the seam, so that it runs on either engine.
    func transaction<T>(_ operation: String, _ body: (any StoreConnection) throws -> T) throws(StoreError) -> T {
        try write(operation) { db in try body(SQLiteStoreConnection(database: db)) }
    }

    /// Runs `body` on a snapshot through the store's connection seam, as `read` does.
    func snapshot<T>(_ operation: String, _ body: (any StoreConnection) throws -> T) throws(StoreError) -> T {
        try read(operation) { db in try body(SQLiteStoreConnection(database: db)) }
    }
}
