extension TidingsConfig.Daily {
    /// What `tidings init`, `tidings doctor` and `plan --verbose` say of it: `at 07:30`,
    /// `at 07:30 on weekdays`, `off (no content source; set [daily] enabled = true to get one)`
    /// or `off (daily.enabled = false)`.
    public var status: String {
        if offWithoutContent { return "off (no content source; set [daily] enabled = true to get one)" }
        guard enabled else { return "off (daily.enabled = false)" }
        return "at \(time)" + (weekdaysOnly ? " on weekdays" : "")
    }
}
