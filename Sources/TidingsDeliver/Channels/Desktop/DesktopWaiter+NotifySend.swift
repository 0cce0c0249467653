import Foundation
import Synchronization
import TidingsProcess

/// One popup from the moment the daemon gave it an id to the moment notify-send ended.
struct DesktopPopup: Sendable, Equatable {
    /// The daemon's id for it.
    var id: Int64
    /// The key of the action the user invoked, when one was.
    var action: String?
    /// How long it was up.
    var shownFor: Duration
    /// Whether the waiter gave up on it after `DesktopWaiter.longestWait`.
    var outlived: Bool
}

/// How showing a popup went.
enum DesktopShowing: Sendable, Equatable {
    /// The popup was shown and has ended.
    case closed(DesktopPopup)
    /// It was never shown: why.
    case failed(String)
}

extension DesktopWaiter {
    private enum Piece: Sendable {
        case error([UInt8])
        case noId(String?)
        case ended(id: Int64, action: String?, shownFor: Duration)
        case gaveUp
        case cancelled
    }

    private final class Shown: Sendable {
        let value = Mutex(false)
    }

    /// Runs notify-send, announces its id as soon as it prints it, and waits for it to end:
    /// it prints the invoked action's key and exits, or exits when the popup closes.
    static func showAndWait(_ executable: String, _ arguments: [String], path: String) async -> DesktopShowing {
        // notify-send 0.8.1 prints --print-id through stdio, which is block-buffered when
        // stdout is a pipe: the id would only arrive when the popup ends. stdbuf -oL makes
        // it line-buffered (glib's g_print goes through stdio).
        let (program, programArguments) =
            SearchPath.find("stdbuf", path: path).map { ($0, ["-oL", executable] + arguments) }
            ?? (executable, arguments)
        let shown = Shown()
        do {
            let result = try await StreamedProcess.run(program, programArguments, keepingErrors: true) { process in
                await withTaskGroup(of: Piece.self) { group in
                    group.addTask { .error(await process.errorOutput(limit: 4096)) }
                    group.addTask {
                        var lines = process.lines()
                        let first = await lines.next()
                        guard let text = first?.trimmingCharacters(in: .whitespaces), let id = Int64(text), id > 0 else {
                            // When the Notify call fails, notify-send 0.8.1 with --wait prints id 0
                            // and then waits for a close that never comes.
                            process.kill()
                            return .noId(first)
                        }
                        DesktopWaiter.announce("sent \(id)")
                        let shownAt = ContinuousClock.now
                        shown.value.withLock { $0 = true }
                        var action: String?
                        while let line = await lines.next() {
                            let key = line.trimmingCharacters(in: .whitespaces)
                            if action == nil, !key.isEmpty { action = key }
                        }
                        return .ended(id: id, action: action, shownFor: shownAt.duration(to: .now))
                    }
                    group.addTask {
                        do {
                            try await Task.sleep(for: DesktopWaiter.idLimit)
                            if !shown.value.withLock({ $0 }) {
                                process.kill()
                                return .gaveUp
                            }
                            try await Task.sleep(for: DesktopWaiter.longestWait - DesktopWaiter.idLimit)
                            process.kill()
                            return .gaveUp
                        } catch {
                            return .cancelled
                        }
                    }
                    var error: [UInt8]?
                    var output: Piece?
                    var gaveUp = false
                    while let piece = await group.next() {
                        switch piece {
                        case .error(let bytes): error = bytes
                        case .gaveUp: gaveUp = true
                        case .cancelled: break
                        default: output = piece
                        }
                        if error != nil, output != nil { group.cancelAll() }
                    }
                    return (output, String(decoding: error ?? [], as: UTF8.self), gaveUp)
                }
            }
            let (output, error, gaveUp) = result.value
            switch output {
            case .ended(let id, let action, let shownFor)?:
                return .closed(DesktopPopup(id: id, action: action, shownFor: shownFor, outlived: gaveUp))
            case .noId(let first)?:
                let status = result.termination
                let detail =
                    DesktopChannel.firstLine(error)
                    ?? (first.map { "notify-send printed \($0.isEmpty ? "an empty line" : $0) instead of an id" })
                    ?? "notify-send ended (\(status)) without printing an id"
                return .failed(gaveUp ? "notify-send printed no id within \(idLimit)" : detail)
            default:
                return .failed("notify-send ended without a result")
            }
        } catch {
            return .failed("\(error)")
        }
    }
}
