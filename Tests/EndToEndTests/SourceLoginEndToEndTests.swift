import Foundation
import Testing
import TidingsTestSupport

/// A calendar behind an HTTP Basic login, through the built `prefetch` and `plan`: the password
/// from a file, a refused login that keeps the last good copy, and no secret in the store.
@Suite struct SourceLoginEndToEndTests {
    static let password = "Tr0ub4dor-app-pass"

    @Test("the login fetches the calendar; a changed password is refused, named, and nothing of it is stored")
    func basicLogin() async throws {
        let encoded = Data("ann:\(Self.password)".utf8).base64EncodedString()
        let calendar = CalendarFolderEndToEndTests.event("standup", "Standup", at: "0900")
        let server = try HTTPTestServer { request in
            if request.path.hasPrefix("/denied") { return TestHTTPResponse(status: 403, body: Array("no entry for \(request.path)".utf8)) }
            guard request.headers["authorization"] == "Basic \(encoded)" else {
                // A server that puts what it was sent into where it sends the client next.
                let sent = request.headers["authorization"] ?? ""
                return TestHTTPResponse(status: 302, headers: [("Location", "/denied?was=\(sent.dropFirst(6))")])
            }
            return TestHTTPResponse(status: 200, body: Array(calendar.utf8))
        }
        defer { server.stop() }
        let pipeline = try Pipeline(
            config: """
                [daily]
                enabled = false
                [[sources]]
                name = "team"
                type = "calendar"
                url = "\(server.baseURL)/ann/team.ics"
                username = "ann"
                password_file = "team-password"
                """)
        try pipeline.folder.write(Self.password + "\n", to: "team-password")
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T20:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:00")

        let wrong = "Wr0ng-app-pass-77"
        try pipeline.folder.write(wrong, to: "team-password")
        let refused = try await pipeline.run("prefetch", "--now", "2026-11-22T20:15")
        #expect(refused.stderr.contains("the server refused the login"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(wrong) && !refused.stderr.contains(Data("ann:\(wrong)".utf8).base64EncodedString()))
        try await pipeline.succeed("plan", "--now", "2026-11-22T20:15")
        let pending = try await pipeline.succeed("tidings", "pending", "--now", "2026-11-22T20:15")
        #expect(pending.contains("Standup"), "the last good copy still plans: \(pending)")

        for (name, bytes) in try pipeline.storedBytes() {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in [Self.password, wrong, encoded, Data("ann:\(wrong)".utf8).base64EncodedString()] {
                #expect(!text.contains(secret), "\(name) holds a secret")
            }
        }
    }
}
