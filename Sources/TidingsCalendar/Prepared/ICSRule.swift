import CICal
import TidingsCore

/// An RRULE as an event keeps it: in the compact form of the prepared calendars (about 100
/// bytes), turned into libical's struct (2.5 KB, room for every BY… list) only while it is
/// expanded, so that 40,000 recurring events do not hold 100 MB of empty lists. A rule that
/// cannot leave its parsed calendar (an RSCALE, an UNTIL in another zone) stays as parsed.
struct ICSRule {
    private enum Form {
        case compact([UInt8])
        // Boxed: unboxed, every rule of an array would take the struct's 2.5 KB.
        indirect case parsed(icalrecurrencetype)
    }

    private let form: Form

    /// `rule` as libical parsed it.
    init(_ rule: icalrecurrencetype) {
        var writer = PreparedWriter()
        form = writer.rule(rule) ? .compact(writer.bytes) : .parsed(rule)
    }

    /// A rule read back from a prepared form (`bytes` decode: the reader checked them).
    init(compact bytes: [UInt8]) {
        form = .compact(bytes)
    }

    /// The compact bytes, nil for a rule that stays as parsed.
    var compact: [UInt8]? {
        if case .compact(let bytes) = form { return bytes }
        return nil
    }

    /// libical's struct, for its iterator and for the expander's checks.
    var libical: icalrecurrencetype {
        switch form {
        case .parsed(let rule):
            return rule
        case .compact(let bytes):
            var reader = PreparedReader(bytes)
            // Written by `PreparedWriter.rule` in this process, or checked when read from a file.
            return (try? reader.rule()) ?? icalrecurrencetype()
        }
    }
}
