/// A large calendar cut into pieces for libical, so that its tree of components never holds
/// more than one piece: libical spends about 40 bytes of memory on each byte of text it parses,
/// and a calendar of 40,000 events (7 MB) took 300 MB parsed whole.
///
/// The calendar without its events (its properties and VTIMEZONEs, the `frame`) is parsed once
/// and kept while the events are read and expanded: their zones are resolved against it. Each
/// piece is a VCALENDAR of consecutive events in file order, parsed, read into `ICSEvent`s and
/// freed before the next. Only a calendar with one VCALENDAR, nothing dropped by the prescan,
/// and more than one piece's worth of events is cut; the rest are parsed whole.
struct ICSPieces {
    /// The bytes of events a piece holds at least (the last one excepted).
    static let pieceBytes = 512 * 1024

    /// The calendar without its events, NUL-terminated.
    let frame: [UInt8]
    /// The events of each piece, as ranges of `eventRanges`.
    let groups: [Range<Int>]
    /// The byte ranges of the events, in file order.
    private let eventRanges: [Range<Int>]

    /// The pieces of `bytes` as the prescan found it, each with at least `pieceBytes` of events and
    /// at least 4 times the frame's size (so that the frame, read once, stays a small part); nil
    /// when the calendar is better parsed whole.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, prescan: ICSPrescan.Body, pieceBytes: Int = pieceBytes) {
        let ranges = prescan.eventRanges
        guard prescan.calendars == 1, prescan.dropped.isEmpty, !ranges.isEmpty else { return nil }
        let eventBytes = ranges.reduce(0) { $0 + $1.count }
        var frame: [UInt8] = []
        frame.reserveCapacity(bytes.count - eventBytes - prescan.skip + 1)
        var copied = prescan.skip
        for range in ranges {
            frame += bytes[copied..<range.lowerBound]
            copied = range.upperBound
        }
        frame += bytes[copied...]
        frame.append(0)
        let size = max(pieceBytes, 4 * frame.count)
        guard eventBytes > size else { return nil }
        var groups: [Range<Int>] = []
        var start = 0
        var held = 0
        for (index, range) in ranges.enumerated() {
            held += range.count
            if held >= size {
                groups.append(start..<(index + 1))
                start = index + 1
                held = 0
            }
        }
        if start < ranges.count { groups.append(start..<ranges.count) }
        self.frame = frame
        self.groups = groups
        self.eventRanges = ranges
    }

    /// The text of the piece `group` of `bytes`: a VCALENDAR of its events, NUL-terminated.
    func piece(_ group: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let events = eventRanges[group]
        var piece: [UInt8] = []
        piece.reserveCapacity(Self.begin.count + events.reduce(0) { $0 + $1.count } + Self.end.count + 1)
        piece += Self.begin
        for range in events { piece += bytes[range] }
        // An event at the very end of a text without a final line break.
        if piece.last != 0x0A { piece += [0x0D, 0x0A] }
        piece += Self.end
        piece.append(0)
        return piece
    }

    private static let begin = Array("BEGIN:VCALENDAR\r\n".utf8)
    private static let end = Array("END:VCALENDAR\r\n".utf8)
}
