import Foundation
import Glibc
import Synchronization

/// An HTTPS server on 127.0.0.1 for tests: a fresh self-signed certificate (for `127.0.0.1`
/// and `localhost`) made with `openssl`, served by Python's `http.server` on a port it picks.
/// Every GET gets `body` as JSON, or the file of its path (see `init(files:)`). Keep it
/// alive while it is used; `stop()` kills it.
public final class TLSTestServer: Sendable {
    /// `https://127.0.0.1:<port>`.
    public let baseURL: String
    /// The certificate, PEM: the only authority that trusts this server.
    public let certificate: String
    /// The pin of the server's public key: `sha256//<base64 of the SHA-256 of its DER>`.
    public let pin: String
    private let directory: TemporaryDirectory
    private let process: SpawnedProcess

    /// Makes the certificate and starts the server, answering every GET with `body` as JSON.
    public convenience init(body: String) throws {
        try self.init(routes: ["*": File(contentType: "application/json", body: Array(body.utf8))])
    }

    /// One file the server serves.
    public struct File: Sendable {
        /// The `Content-Type` sent with it.
        public var contentType: String
        /// Its bytes.
        public var body: [UInt8]

        /// A file of `contentType`.
        public init(contentType: String, body: [UInt8]) {
            self.contentType = contentType
            self.body = body
        }
    }

    /// Makes the certificate and starts the server, answering a GET of each path in `files`
    /// (`/a.png`) with its file and any other with 404.
    public convenience init(files: [String: File]) throws {
        try self.init(routes: files)
    }

    /// The paths asked for so far, in order.
    public func requestedPaths() -> [String] {
        let text = (try? String(contentsOfFile: directory.file("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    private init(routes: [String: File]) throws {
        directory = try TemporaryDirectory()
        let folder = directory.path
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder]
        let log = directory.file("server.log")
        certificate = directory.file("cert.pem")
        let key = directory.file("key.pem")
        try Spawn.run(
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
                "-out", certificate, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ],
            environment: environment, log: log)
        let pinFile = directory.file("pin")
        try Spawn.run(
            [
                "sh", "-c", "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64",
                "pin", certificate,
            ],
            environment: environment, stdout: pinFile, log: log)
        pin = "sha256//" + (try String(contentsOfFile: pinFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
        var table: [String: [String]] = [:]
        for (index, (path, file)) in routes.enumerated() {
            let name = "file-\(index)"
            try Data(file.body).write(to: URL(fileURLWithPath: directory.file(name)))
            table[path] = [file.contentType, directory.file(name)]
        }
        let routesFile = directory.file("routes.json")
        try JSONSerialization.data(withJSONObject: table).write(to: URL(fileURLWithPath: routesFile))
        let script = try directory.write(Self.script, to: "server.py")
        let (pid, port) = try Spawn.reporting(
            ["/usr/bin/python3", script, certificate, key, routesFile, directory.file("requests.log")], environment: environment, log: log)
        process = SpawnedProcess(pid)
        baseURL = "https://127.0.0.1:\(port)"
    }

    deinit { stop() }

    /// Kills the server.
    public func stop() { process.stop() }

    private static let script = """
        import http.server, json, ssl, sys

        with open(sys.argv[3]) as f:
            routes = json.load(f)

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with open(sys.argv[4], "a") as log:
                    log.write(self.path + "\\n")
                route = routes.get(self.path) or routes.get("*")
                if route is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                with open(route[1], "rb") as f:
                    body = f.read()
                self.send_response(200)
                self.send_header("Content-Type", route[0])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
