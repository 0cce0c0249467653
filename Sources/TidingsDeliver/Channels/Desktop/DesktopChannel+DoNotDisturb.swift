import TidingsProcess

extension DesktopChannel {
    /// Reads the do-not-disturb of the desktop that `server` belongs to (see
    /// `DesktopKind.identify`) with `call`, the probe's bounded calls; `gdbus` is the gdbus
    /// found for the probe. A reader that is missing, fails, misses the deadline or prints
    /// something else gives `unread`: taken as off, so that a broken check never holds popups
    /// back, and said so in `tidings doctor` and `deliver --verbose`.
    func readDoNotDisturb(server: DesktopServer, gdbus: String, call: (String, [String]) async -> ProcessOutcome) async -> DoNotDisturb {
        guard let desktop = DesktopKind.identify(serverName: server.name, currentDesktop: session.currentDesktop) else {
            return DoNotDisturb(desktop: nil, serverName: server.name, reading: .unread("no known setting for this daemon"))
        }
        func reading(_ reading: DoNotDisturb.Reading) -> DoNotDisturb {
            DoNotDisturb(desktop: desktop, serverName: server.name, reading: reading)
        }
        let (name, arguments) = desktop.reader
        guard let program = name == "gdbus" ? gdbus : session.find(name) else { return reading(.unread("\(name) is not installed")) }
        switch await call(program, arguments) {
        case .timedOut:
            return reading(.unread("\(name) did not answer within \(Self.seconds(config.deadline))"))
        case .failedToStart(let reason):
            return reading(.unread(reason))
        case .finished(let status, let output, let error) where status != 0:
            let said = Self.firstLine(error) ?? Self.firstLine(output)
            return reading(.unread("\(name) exited with status \(status)" + (said.map { ": \(Self.shortened($0))" } ?? "")))
        case .finished(_, let output, _):
            let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let on = desktop.isOn(text) else { return reading(.unread("\(name) printed \"\(Self.shortened(text))\"")) }
            return reading(on ? .on : .off)
        }
    }

    /// `text` on one line, without control characters, at most 80 characters.
    static func shortened(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter { $0.properties.generalCategory != .control }
        let kept = String(String.UnicodeScalarView(scalars.prefix(80)))
        return scalars.count > 80 ? kept + "…" : kept
    }
}
