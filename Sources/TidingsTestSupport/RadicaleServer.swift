import Foundation
import TidingsHTTP
import TidingsProcess

/// A real CalDAV server on 127.0.0.1 for tests: Debian's Radicale on a port it picks, with
/// its own users file and storage folder. Tests create calendars and events with its own
/// requests (`makeCalendar`, `put`, `delete`), as a calendar app would, and read which
/// requests it received from its log (`requests()`). Keep it alive while it is used;
/// `stop()` kills it.
public final class RadicaleServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let url: String
    /// The users it knows, and their passwords.
    public let users: [String: String]
    private let directory: TemporaryDirectory
    private let process: SpawnedProcess
    private let log: String

    private init(url: String, users: [String: String], directory: TemporaryDirectory, process: SpawnedProcess, log: String) {
        self.url = url
        self.users = users
        self.directory = directory
        self.process = process
        self.log = log
    }

    deinit { stop() }

    /// Starts a server that knows `users` (name: password), logging in with HTTP Basic.
    public static func start(users: [String: String] = ["alice": "app-password-1"]) async throws -> RadicaleServer {
        let directory = try TemporaryDirectory()
        let usersFile = try directory.write(users.map { "\($0.key):\($0.value)\n" }.sorted().joined(), to: "users")
        let config = try directory.write(
            """
            [server]
            hosts = 127.0.0.1:0
            [auth]
            type = htpasswd
            htpasswd_filename = \(usersFile)
            htpasswd_encryption = plain
            delay = 0
            [storage]
            filesystem_folder = \(directory.file("collections"))
            [logging]
            level = info
            mask_passwords = True
            """, to: "config")
        let log = directory.file("radicale.log")
        let pid = try Spawn.spawn(
            ["radicale", "--config", config], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], stdout: log)
        let process = SpawnedProcess(pid)
        var port: String?
        await waitUntil {
            port = Self.listeningPort(in: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
            return port != nil
        }
        guard let port else {
            process.stop()
            throw SpawnError("radicale did not say which port it listens on within 60 s; see \(log)")
        }
        return RadicaleServer(url: "http://127.0.0.1:\(port)", users: users, directory: directory, process: process, log: log)
    }

    /// The port in Radicale's `Listening on '[127.0.0.1]:38009'` line.
    private static func listeningPort(in text: String) -> String? {
        guard let range = text.range(of: "Listening on '[127.0.0.1]:") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }

    /// One answer of the server.
    public struct Answer: Sendable {
        public var status: Int
        public var body: String
    }

    /// Sends `method` to `path` as `user` (the first user when nil) with `body`.
    @discardableResult
    public func request(
        _ method: String, _ path: String, body: String? = nil, contentType: String = "application/xml", headers: [(String, String)] = [],
        user: String? = nil
    ) throws -> Answer {
        let name = user ?? users.keys.sorted()[0]
        let login = Data("\(name):\(users[name] ?? "")".utf8).base64EncodedString()
        var all: [(name: String, value: String)] = [("Authorization", "Basic \(login)"), ("Content-Type", contentType)]
        all += headers.map { (name: $0.0, value: $0.1) }
        let request = HTTPRequest(url: url + path, method: method, headers: all, body: body.map { Array($0.utf8) }, maxBodyBytes: 64 << 20)
        let response = try HTTPClient().perform(request)
        return Answer(status: response.status, body: String(decoding: response.body, as: UTF8.self))
    }

    /// Makes the calendar collection `path` (`/alice/work/`), called `name`.
    public func makeCalendar(_ path: String, name: String, user: String? = nil) throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(name)</d:displayname></d:prop></d:set></c:mkcalendar>
            """
        let answer = try request("MKCALENDAR", path, body: body, user: user)
        guard answer.status == 201 else { throw SpawnError("MKCALENDAR \(path): HTTP \(answer.status) \(answer.body)") }
    }

    /// Creates or replaces the event resource `path` with `ics`.
    public func put(_ path: String, ics: String, user: String? = nil) throws {
        let answer = try request("PUT", path, body: ics, contentType: "text/calendar; charset=utf-8", user: user)
        guard answer.status == 201 || answer.status == 204 else { throw SpawnError("PUT \(path): HTTP \(answer.status) \(answer.body)") }
    }

    /// Deletes the resource `path`.
    public func delete(_ path: String, user: String? = nil) throws {
        let answer = try request("DELETE", path, user: user)
        guard (200..<300).contains(answer.status) else { throw SpawnError("DELETE \(path): HTTP \(answer.status)") }
    }

    /// The requests received so far, as `METHOD /path` in order (from the server's log).
    public func requests() -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            // [INFO] REPORT request for '/alice/work/' received from '127.0.0.1' …
            guard let info = line.range(of: "[INFO] "), let forRange = line.range(of: " request for '") else { return nil }
            let method = line[info.upperBound..<forRange.lowerBound]
            guard method.allSatisfy({ $0.isUppercase }) else { return nil }
            let path = line[forRange.upperBound...].prefix { $0 != "'" }
            return "\(method) \(path)"
        }
    }

    /// Kills it; later calls do nothing.
    public func stop() { process.stop() }
}
