import Foundation
import Glibc
import Synchronization

/// A hostile SMTP server on 127.0.0.1 for tests (a few lines of /usr/bin/python3): it echoes
/// every line the client sent in the session, the AUTH exchange's base64 included, in the
/// text of its refusal. Keep it alive while it is used; `stop()` kills it.
public final class HostileSMTPServer: Sendable {
    /// What the server refuses, quoting the whole session.
    public enum Mode: Sendable {
        /// Offers only this mechanism (`PLAIN` or `LOGIN`) and answers the login with 535.
        case refusingLogin(mechanism: String)
        /// Takes any login (235), then answers every later command with 550.
        case refusingAfterLogin
    }

    /// `smtp://127.0.0.1:<port>`.
    public let url: String
    private let directory: TemporaryDirectory
    private let process: SpawnedProcess

    /// Starts the server in `mode`.
    public init(_ mode: Mode) throws {
        directory = try TemporaryDirectory()
        let argument =
            switch mode {
            case .refusingLogin(let mechanism): mechanism
            case .refusingAfterLogin: "after"
            }
        let script = try directory.write(Self.script, to: "hostile.py")
        let (pid, port) = try Spawn.reporting(
            ["/usr/bin/python3", script, argument], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
            log: directory.file("server.log"))
        process = SpawnedProcess(pid)
        url = "smtp://127.0.0.1:\(port)"
    }

    deinit { stop() }

    /// Kills the server.
    public func stop() { process.stop() }

    private static let script = """
        import socketserver, sys

        mode = sys.argv[1]

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                heard = []
                def say(line):
                    self.wfile.write((line + "\\r\\n").encode())
                    self.wfile.flush()
                def listen():
                    raw = self.rfile.readline()
                    if not raw:
                        return None
                    line = raw.decode("utf-8", "replace").rstrip("\\r\\n")
                    heard.append(line)
                    return line
                say("220 hostile ESMTP")
                while True:
                    line = listen()
                    if line is None:
                        return
                    words = line.split(" ")
                    verb = words[0].upper()
                    if verb in ("EHLO", "HELO"):
                        say("250-hostile")
                        say("250 AUTH " + ("PLAIN LOGIN" if mode == "after" else mode))
                    elif verb == "AUTH":
                        mechanism = words[1].upper() if len(words) > 1 else ""
                        if mechanism == "PLAIN" and len(words) < 3:
                            say("334 ")
                            if listen() is None:
                                return
                        elif mechanism == "LOGIN":
                            for prompt in ("334 VXNlcm5hbWU6", "334 UGFzc3dvcmQ6"):
                                say(prompt)
                                if listen() is None:
                                    return
                        if mode == "after":
                            say("235 2.7.0 Authentication successful")
                        else:
                            say("535 5.7.8 Authentication failed, you sent: " + " | ".join(heard))
                    elif verb == "QUIT":
                        say("221 2.0.0 bye")
                        return
                    else:
                        say("550 5.7.1 Refused, you sent: " + " | ".join(heard))

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        server = Server(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
