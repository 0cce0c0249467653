import Testing

@testable import TidingsFetch

/// The XML reader under the CalDAV client: the namespaces, entities and CDATA that servers
/// send, and nothing a hostile server could use to make it fetch or grow.
@Suite struct DAVXMLTests {
    static func parse(_ text: String) throws -> DAVElement { try DAVXML.parse(Array(text.utf8)) }

    @Test("prefixes, a default namespace and redeclarations resolve to the namespace URI")
    func namespaces() throws {
        let root = try Self.parse(
            """
            <?xml version="1.0"?>
            <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
              <d:response><d:href>/a/</d:href>
                <x:prop xmlns:x="DAV:"><cal:comp name="VEVENT"/><displayname xmlns="DAV:">Work</displayname></x:prop>
              </d:response>
            </d:multistatus>
            """)
        #expect(root.is(DAVNamespace.dav, "multistatus"))
        let prop = try #require(root.find([(DAVNamespace.dav, "response"), (DAVNamespace.dav, "prop")]))
        #expect(prop.child(DAVNamespace.caldav, "comp")?.attributes["name"] == "VEVENT")
        #expect(prop.child(DAVNamespace.dav, "displayname")?.text == "Work")
    }

    @Test("entities, character references and CDATA are decoded; calendar text keeps its lines")
    func text() throws {
        let root = try Self.parse(
            "<c:calendar-data xmlns:c=\"urn:ietf:params:xml:ns:caldav\">SUMMARY:R&amp;D &lt;review&gt; &#233;&#x1F600;\n<![CDATA[DESCRIPTION:a <b> & c]]></c:calendar-data>"
        )
        #expect(root.text == "SUMMARY:R&D <review> é😀\nDESCRIPTION:a <b> & c")
    }

    @Test(
        "malformed or hostile documents are refused with where",
        arguments: [
            ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><x>&a;</x>", "document type declaration"),
            ("<d:x xmlns:d=\"DAV:\">&bogus;</d:x>", "unknown entity"),
            ("<d:x xmlns:d=\"DAV:\"><d:y></d:x>", "does not match"),
            ("<q:x/>", "not declared"),
            ("<x>", "ends before"),
            ("<x/><y/>", "second root"),
            ("<x a=1/>", "without quotes"),
            ("text<x/>", "text outside"),
            ("<x><![CDATA[never closed</x>", "unclosed ]]>"),
        ])
    func refused(_ document: String, _ expected: String) {
        #expect {
            try Self.parse(document)
        } throws: { error in
            let message = (error as? DAVXML.Problem)?.message ?? ""
            return message.contains(expected) && message.contains("at byte")
        }
    }

    @Test("nesting deeper than the limit is refused before the stack grows")
    func depth() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: DAVXML.Problem.self) { try Self.parse(deep) }
        let fine = String(repeating: "<a>", count: DAVXML.maxDepth) + String(repeating: "</a>", count: DAVXML.maxDepth)
        #expect(try Self.parse(fine).name == "a")
    }

    @Test("a multistatus: properties of 2xx propstats only, a member's own status, the sync token")
    func multistatus() throws {
        let answer = try DAVMultistatus.parse(
            Array(
                """
                <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><sync-token>tok-2</sync-token>
                <response><href>/u/work/a.ics</href><propstat><prop><getetag>"1"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat>
                <propstat><prop><C:calendar-data/></prop><status>HTTP/1.1 404 Not Found</status></propstat></response>
                <response><href>/u/work/b.ics</href><status>HTTP/1.1 404 Not Found</status></response>
                </multistatus>
                """.utf8))
        #expect(answer.syncToken == "tok-2")
        #expect(answer.responses.map(\.href) == ["/u/work/a.ics", "/u/work/b.ics"])
        #expect(answer.responses[0].text(DAVNamespace.dav, "getetag") == "\"1\"")
        #expect(answer.responses[0].property(DAVNamespace.caldav, "calendar-data") == nil)
        #expect(answer.responses[1].status == 404)
        #expect(throws: DAVXML.Problem.self) { try DAVMultistatus.parse(Array("<error xmlns=\"DAV:\"/>".utf8)) }
    }

    @Test("hrefs resolve on the source's origin only")
    func origin() throws {
        let origin = try #require(DAVOrigin("https://Cal.Example.org:8443/dav/"))
        #expect(origin.resolve("/dav/u/") == "https://cal.example.org:8443/dav/u/")
        #expect(origin.resolve("https://cal.example.org:8443/x/") == "https://cal.example.org:8443/x/")
        #expect(origin.resolve("https://cal.example.org/x/") == nil)
        #expect(origin.resolve("https://evil.example/x/") == nil)
        #expect(origin.resolve("//evil.example/x/") == nil)
        #expect(origin.resolve("http://cal.example.org:8443/x/") == nil)
        #expect(DAVOrigin("https://user@cal.example.org/") == nil)
        let icloud = try #require(DAVOrigin("https://p12-caldav.icloud.com/123/"))
        #expect(icloud.resolve("https://p12-caldav.icloud.com:443/123/calendars/") == "https://p12-caldav.icloud.com/123/calendars/")
        #expect(icloud.path(of: "https://p12-caldav.icloud.com:443/123/calendars/") == "/123/calendars/")
        #expect(DAVOrigin("http://127.0.0.1:80/") == DAVOrigin("http://127.0.0.1/"))
    }
}
