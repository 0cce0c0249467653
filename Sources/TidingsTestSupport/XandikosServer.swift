import Foundation
import Glibc
import TidingsHTTP
import TidingsProcess

/// A second real CalDAV server for tests: Debian's Xandikos on 127.0.0.1, serving a calendar
/// at `/<user>/calendars/calendar/` (its defaults), without a login (Xandikos leaves logins to
/// a proxy). Its sync tokens and answers differ from Radicale's: changes come without their
/// data, so the client fetches them with a multiget. `stop()` kills it.
public final class XandikosServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let url: String
    /// The calendar collection's path.
    public let calendar: String
    private let directory: TemporaryDirectory
    private let process: SpawnedProcess

    private init(url: String, calendar: String, directory: TemporaryDirectory, process: SpawnedProcess) {
        self.url = url
        self.calendar = calendar
        self.directory = directory
        self.process = process
    }

    deinit { stop() }

    /// Starts a server whose principal is `/<user>/`, with one calendar.
    public static func start(user: String = "ann") async throws -> XandikosServer {
        let directory = try TemporaryDirectory()
        let port = try LoopbackPort.free()
        let log = directory.file("xandikos.log")
        let pid = try Spawn.spawn(
            [
                "xandikos", "-d", directory.file("root"), "-l", "127.0.0.1", "-p", "\(port)", "--defaults",
                "--current-user-principal", "/\(user)",
            ], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], stdout: log)
        let process = SpawnedProcess(pid)
        let server = XandikosServer(
            url: "http://127.0.0.1:\(port)", calendar: "/\(user)/calendars/calendar/", directory: directory, process: process)
        let ready = await waitUntil { (try? server.request("PROPFIND", server.calendar, headers: [("Depth", "0")]).status) == 207 }
        guard ready else {
            process.stop()
            throw SpawnError("xandikos did not answer on port \(port) within 60 s; see \(log)")
        }
        return server
    }

    /// Sends `method` to `path` with `body`, and returns the status and body.
    @discardableResult
    public func request(
        _ method: String, _ path: String, body: String? = nil, contentType: String = "application/xml", headers: [(String, String)] = []
    )
        throws -> RadicaleServer.Answer
    {
        var all: [(name: String, value: String)] = [("Content-Type", contentType)]
        all += headers.map { (name: $0.0, value: $0.1) }
        let request = HTTPRequest(url: url + path, method: method, headers: all, body: body.map { Array($0.utf8) }, maxBodyBytes: 64 << 20)
        let response = try HTTPClient().perform(request)
        return RadicaleServer.Answer(status: response.status, body: String(decoding: response.body, as: UTF8.self))
    }

    /// Creates or replaces the event `name` (`standup.ics`) of the calendar with `ics`.
    public func put(_ name: String, ics: String) throws {
        let answer = try request("PUT", calendar + name, body: ics, contentType: "text/calendar; charset=utf-8")
        guard answer.status == 201 || answer.status == 204 else { throw SpawnError("PUT \(name): HTTP \(answer.status) \(answer.body)") }
    }

    /// Deletes the event `name` of the calendar.
    public func delete(_ name: String) throws {
        let answer = try request("DELETE", calendar + name)
        guard (200..<300).contains(answer.status) else { throw SpawnError("DELETE \(name): HTTP \(answer.status)") }
    }

    /// Kills it; later calls do nothing.
    public func stop() { process.stop() }
}
