import Foundation
import Glibc
import Synchronization

/// A real SMTP server on 127.0.0.1 for tests: Debian's aiosmtpd (python3-aiosmtpd) on a port
/// it picks, recording each message it accepts to a folder. It can require STARTTLS (with a
/// fresh self-signed certificate made with `openssl`), require a login, and refuse
/// recipients. Keep it alive while it is used; `stop()` kills it.
public final class SMTPTestServer: Sendable {
    /// One message the server accepted.
    public struct Message: Sendable {
        /// The envelope sender.
        public var mailFrom: String
        /// The envelope recipients.
        public var recipients: [String]
        /// The raw message, as received after the DATA command.
        public var data: String
        /// The AUTH mechanism the client logged in with, or nil.
        public var mechanism: String?
        /// Whether the session was under TLS when the message came.
        public var tls: Bool

        /// The value of the first header `name` (unfolded), or nil.
        public func header(_ name: String) -> String? {
            let head = data.components(separatedBy: "\r\n\r\n").first ?? data
            var unfolded: [String] = []
            for line in head.components(separatedBy: "\r\n") {
                if line.hasPrefix(" ") || line.hasPrefix("\t"), let last = unfolded.popLast() {
                    unfolded.append(last + line)
                } else {
                    unfolded.append(line)
                }
            }
            let prefix = name.lowercased() + ":"
            return unfolded.first { $0.lowercased().hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            }
        }

        /// The body, after the blank line.
        public var body: String {
            guard let range = data.range(of: "\r\n\r\n") else { return "" }
            return String(data[range.upperBound...])
        }
    }

    /// `smtp://127.0.0.1:<port>`.
    public let url: String
    /// The certificate, PEM, when the server requires STARTTLS: the only authority that trusts it.
    public let certificate: String?
    private let directory: TemporaryDirectory
    private let process: SpawnedProcess

    /// Starts the server. `starttls`: refuse MAIL before STARTTLS. `login`: the only user
    /// and password accepted (AUTH required), with `mechanisms` offered (LOGIN and PLAIN by
    /// default); a refused login's reply quotes the password it was given. `refused`:
    /// recipients answered with 550.
    public init(
        starttls: Bool = false, login: (user: String, password: String)? = nil, mechanisms: [String] = ["LOGIN", "PLAIN"],
        refused: [String] = []
    ) throws {
        directory = try TemporaryDirectory()
        let folder = directory.path
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder]
        let log = directory.file("server.log")
        try FileManager.default.createDirectory(atPath: directory.file("messages"), withIntermediateDirectories: true)
        var certificate: String?
        var key = ""
        if starttls {
            let path = directory.file("cert.pem")
            key = directory.file("key.pem")
            try Spawn.run(
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
                    "-out", path, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                ],
                environment: environment, log: log)
            certificate = path
        }
        self.certificate = certificate
        let settings: [String: Any] = [
            "folder": directory.file("messages"), "cert": certificate ?? "", "key": key,
            "user": login?.user ?? "", "password": login?.password ?? "", "mechanisms": mechanisms, "refused": refused,
        ]
        let settingsFile = directory.file("settings.json")
        try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: settingsFile))
        let script = try directory.write(Self.script, to: "server.py")
        let (pid, port) = try Spawn.reporting(["/usr/bin/python3", script, settingsFile], environment: environment, log: log)
        process = SpawnedProcess(pid)
        url = "smtp://127.0.0.1:\(port)"
    }

    deinit { stop() }

    /// The messages accepted so far, in the order they came.
    public func messages() -> [Message] {
        let folder = directory.file("messages")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return Message(
                mailFrom: object["mail_from"] as? String ?? "", recipients: object["rcpt_tos"] as? [String] ?? [],
                data: object["data"] as? String ?? "", mechanism: object["mechanism"] as? String, tls: object["tls"] as? Bool ?? false)
        }
    }

    /// Kills the server.
    public func stop() { process.stop() }

    private static let script = """
        import asyncio, json, os, ssl, sys
        from aiosmtpd.smtp import SMTP, AuthResult

        with open(sys.argv[1]) as f:
            settings = json.load(f)
        count = 0

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, options):
                if address in settings["refused"]:
                    return "550 5.1.1 <%s>: Recipient address rejected: no such user" % address
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                global count
                count += 1
                record = {
                    "mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos,
                    "data": envelope.original_content.decode("utf-8", "replace"),
                    "mechanism": getattr(session, "auth_mechanism", None), "tls": session.ssl is not None,
                }
                path = os.path.join(settings["folder"], "%06d" % count)
                with open(path + ".tmp", "w") as f:
                    json.dump(record, f)
                os.rename(path + ".tmp", path + ".json")
                return "250 Message accepted for delivery"

        def authenticator(server, session, envelope, mechanism, auth_data):
            login = auth_data.login.decode("utf-8", "replace")
            password = auth_data.password.decode("utf-8", "replace")
            if login == settings["user"] and password == settings["password"]:
                session.auth_mechanism = mechanism
                return AuthResult(success=True)
            return AuthResult(success=False, handled=False,
                              message="535 5.7.8 Authentication failed for %s with password %s" % (login, password))

        context = None
        if settings["cert"]:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(settings["cert"], settings["key"])
        excluded = [m for m in ["LOGIN", "PLAIN"] if m not in settings["mechanisms"]]

        def factory():
            options = dict(tls_context=context, require_starttls=context is not None,
                           auth_require_tls=False, auth_exclude_mechanism=excluded)
            if settings["user"]:
                options.update(authenticator=authenticator, auth_required=True)
            return SMTP(Handler(), hostname="tidings-test", **options)

        async def main():
            loop = asyncio.get_running_loop()
            server = await loop.create_server(factory, "127.0.0.1", 0)
            print(server.sockets[0].getsockname()[1], flush=True)
            await server.serve_forever()

        asyncio.run(main())
        """
}
