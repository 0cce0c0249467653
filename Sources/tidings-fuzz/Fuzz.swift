import Foundation
import TidingsCalendar
import TidingsCore
import TidingsFetch
import TidingsLinks

/// What the fuzzer feeds arbitrary bytes: each must neither crash nor hang, whatever it gets.
enum FuzzTarget: String, CaseIterable {
    /// NotificationContent v1 JSON, as `prefetch` decodes it.
    case content
    /// A remote schedule's JSON, as `prefetch` decodes it, and the dates `plan` takes from it.
    case schedule
    /// The TOML config.
    case config
    /// An ICS calendar: the check `prefetch` makes, and the expansion `plan` makes.
    case ics
    /// The meeting-link extractor, over plain text or HTML.
    case links
    /// A CalDAV server's XML answer (a WebDAV multistatus), as `prefetch` reads it.
    case dav

    func run(_ bytes: [UInt8]) {
        switch self {
        case .content:
            _ = try? ContentPayload.decode(bytes, fetchTime: 0)
        case .schedule:
            guard let schedule = try? RemoteSchedule.decode(bytes) else { return }
            let firstSeen = LocalDate(dayNumber: 20_000)
            for entry in schedule.entries {
                _ = Self.zone.instant(schedule.date(of: entry, firstSeen: firstSeen), schedule.fixedTime)
            }
        case .config:
            _ = try? TidingsConfig.parse(toml: String(decoding: bytes, as: UTF8.self), file: "fuzz.toml", directory: "/nonexistent")
        case .ics:
            guard (try? ICalendar.validate(bytes)) != nil else { return }
            _ = try? ICalendar.expand(
                String(decoding: bytes, as: UTF8.self), from: 1_780_000_000_000, until: 1_780_000_000_000 + 400 * 86_400_000,
                floatingZone: Self.zone)
        case .links:
            _ = MeetingLinks.find(in: String(decoding: bytes, as: UTF8.self))
        case .dav:
            _ = CalDAVAnswer.read(bytes)
        }
    }

    static let zone = Zone(identifier: "Europe/Berlin") ?? Zone(identifier: "UTC")!
}

#if FUZZING
    /// The target of this libFuzzer run, from `TIDINGS_FUZZ_TARGET`.
    nonisolated(unsafe) private var target = FuzzTarget.content

    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        let name = ProcessInfo.processInfo.environment["TIDINGS_FUZZ_TARGET"] ?? ""
        guard let chosen = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("TIDINGS_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue)), found \"\(name)\"\n".utf8))
            exit(64)
        }
        target = chosen
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
#else
    /// Without the fuzzer: `tidings-fuzz TARGET FILE…` runs the target once on each file (the
    /// seed corpus and every input that once crashed), for the regression tests.
    @main
    struct Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(
                    Data("usage: tidings-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...\n".utf8))
                exit(64)
            }
            var count = 0
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("tidings-fuzz: cannot read \(path)\n".utf8))
                    exit(1)
                }
                target.run(Array(data))
                count += 1
            }
            print("\(target.rawValue): \(count) inputs, no crash")
        }
    }
#endif
