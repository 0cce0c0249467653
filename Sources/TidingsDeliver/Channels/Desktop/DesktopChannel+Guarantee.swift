extension DesktopChannel {
    /// Popups go one at a time; a step of eight keeps a stalled daemon's wait to one step
    /// and what a kill leaves unrecorded to eight popups.
    public var chunkSize: Int { 8 }
}
