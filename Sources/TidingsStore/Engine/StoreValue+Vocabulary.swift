import TidingsCore

// The store's typed columns on both engines, kept as the SQLite columns always held them:
// each vocabulary word as its raw text, a `Hold` as its bits, a day as `YYYY-MM-DD`, a
// channel as its name. A text this version does not know does not read (see
// `VocabularyWord+Database.swift` for what the store does then).

extension NotificationKind: StoreValueConvertible {}
extension Category: StoreValueConvertible {}
extension NotificationState: StoreValueConvertible {}
extension Staleness: StoreValueConvertible {}
extension Engagement: StoreValueConvertible {}
extension DeliveryOutcome: StoreValueConvertible {}
extension FetchOutcome: StoreValueConvertible {}
extension StageOutcome: StoreValueConvertible {}
extension Stage: StoreValueConvertible {}
extension TimeAnchor: StoreValueConvertible {}
extension Generator: StoreValueConvertible {}

extension Hold: StoreValueConvertible {
    /// Its bits.
    public var storeValue: StoreValue { .integer(Int64(rawValue)) }
    /// The bits as stored; bits this version does not know are kept.
    public init?(storeValue value: StoreValue) {
        guard let bits = Int(storeValue: value) else { return nil }
        self.init(rawValue: bits)
    }
}

extension LocalDate: StoreValueConvertible {
    /// `YYYY-MM-DD`.
    public var storeValue: StoreValue { .text(description) }
    /// The day `YYYY-MM-DD` names.
    public init?(storeValue value: StoreValue) {
        guard case .text(let text) = value, let day = LocalDate(text) else { return nil }
        self = day
    }
}

extension ChannelName: StoreValueConvertible {
    /// Its name (`webhook:phone`).
    public var storeValue: StoreValue { .text(description) }
    /// The channel a stored name names; nil for text that is none of the forms.
    public init?(storeValue value: StoreValue) {
        guard case .text(let text) = value, let name = ChannelName(text) else { return nil }
        self = name
    }
}
