import TidingsCore

/// The start of a remote schedule's JSON as it arrived, for `prefetch --verbose`: the first
/// `limit` characters, with control characters other than line feeds and tabs shown as `�`
/// (a producer's bytes never drive the terminal).
public struct SchedulePreview: Sendable, Equatable {
    /// How many characters are shown at most.
    public static let limit = 2000

    /// The characters shown.
    public var text: String
    /// How many characters the whole body has.
    public var characters: Int

    /// Whether `text` is only the start of the body.
    public var isCut: Bool { characters > Self.limit }

    /// The preview of `body`, read as UTF-8 (invalid bytes become `�`).
    public init(_ body: [UInt8]) {
        let whole = String(decoding: body, as: UTF8.self)
        characters = whole.count
        var shown = ""
        for character in whole.prefix(Self.limit) {
            let control = character.unicodeScalars.contains { scalar in
                scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
            }
            shown.append(control ? "\u{FFFD}" : character)
        }
        text = shown
    }

    /// `the first 2000 of 5123 characters, cut` or `all 812 characters`.
    public var extent: String {
        isCut ? "the first \(Self.limit) of \(characters) characters, cut" : "all \(characters) characters"
    }
}
