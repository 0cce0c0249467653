import Testing
import TidingsHTTP
import TidingsTestSupport

/// TLS against a real HTTPS server on 127.0.0.1 with a certificate of its own: verification
/// is always on, a private CA file is trusted when given, and pinned public keys narrow trust.
@Suite(.serialized) struct HTTPClientTLSTests {
    static let wrongPin = "sha256//" + String(repeating: "A", count: 43) + "="

    static func request(_ server: TLSTestServer, ca: Bool = true, pins: [String] = []) -> HTTPRequest {
        var request = quickRequest(server.baseURL + "/feed.json")
        request.caFile = ca ? server.certificate : nil
        request.pinnedPublicKeys = pins
        return request
    }

    @Test("a certificate no trusted authority signed is refused: verification is on")
    func untrusted() throws {
        let server = try TLSTestServer(body: #"{"ok": true}"#)
        defer { server.stop() }
        let error = try #require(failure(of: Self.request(server, ca: false)))
        #expect(error.kind == .network)
        #expect(error.curlCode == 60)  // CURLE_PEER_FAILED_VERIFICATION
        #expect(error.message.contains(server.baseURL))
    }

    @Test("with the server's certificate as ca_file, the request succeeds; with its key pinned too")
    func trusted() throws {
        let server = try TLSTestServer(body: #"{"ok": true}"#)
        defer { server.stop() }
        #expect(try HTTPClient().perform(Self.request(server)).text == #"{"ok": true}"#)
        #expect(try HTTPClient().perform(Self.request(server, pins: [server.pin])).status == 200)
        // A backup pin beside the current one: either matching key passes.
        #expect(try HTTPClient().perform(Self.request(server, pins: [Self.wrongPin, server.pin])).status == 200)
    }

    @Test("a key matching no pin is refused even from a trusted certificate")
    func pinMismatch() throws {
        let server = try TLSTestServer(body: #"{"ok": true}"#)
        defer { server.stop() }
        let error = try #require(failure(of: Self.request(server, pins: [Self.wrongPin])))
        #expect(error.kind == .network)
        #expect(error.curlCode == 90)  // CURLE_SSL_PINNEDPUBKEYNOTMATCH
        #expect(error.message == "the server's public key matches no pinned key fetching \(server.baseURL)/feed.json (pinned_public_keys)")
    }
}
