import Foundation
import Testing
import TidingsCore
import TidingsStore
import TidingsTestSupport

@testable import TidingsDeliver

@Suite struct EmailMessageTests {
    static let berlin = Zone(identifier: "Europe/Berlin")!

    static func message(_ item: NotificationRecord, to: [String] = ["ann@example.org"]) -> EmailMessage {
        EmailMessage(item: Message(record: item), from: "tidings@example.org", to: to, domain: "example.org", now: WebhookFixture.now, zone: berlin)
    }

    static func header(_ message: EmailMessage, _ name: String) -> String? {
        message.headers.first { $0.name == name }?.value
    }

    @Test("The headers: a stable Message-ID, the date in the user's zone, the addresses, the subject and MIME")
    func headers() {
        let message = Self.message(WebhookFixture.item(deepLink: WebhookFixture.link))
        #expect(
            message.headers.map(\.name) == [
                "Message-ID", "Date", "From", "To", "Subject", "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "Auto-Submitted",
            ])
        #expect(Self.header(message, "Date") == "Sun, 22 Nov 2026 07:30:05 +0100")
        #expect(Self.header(message, "From") == "tidings@example.org")
        #expect(Self.header(message, "Subject") == "Morning news")
        #expect(Self.header(message, "Content-Type") == "text/plain; charset=utf-8")
        #expect(message.messageID.hasPrefix("<") && message.messageID.hasSuffix("@example.org>") && message.messageID.count == 46)
        #expect(Self.message(WebhookFixture.item()).messageID == message.messageID)
        #expect(Self.message(WebhookFixture.item("daily:2026-11-23")).messageID != message.messageID)
        #expect(Self.message(WebhookFixture.item(), to: ["a@example.org", "b@example.org"]).headers[3].value == "a@example.org, b@example.org")
    }

    @Test("The body holds the text, the link and the due time, in quoted-printable with CRLF")
    func body() {
        let message = Self.message(WebhookFixture.item(body: "Prix: 5 € = cher.", deepLink: WebhookFixture.link))
        #expect(message.body == "Prix: 5 =E2=82=AC =3D cher.\r\n\r\nhttps://example.com/today\r\n\r\n2026-11-22 07:30 (Europe/Berlin)\r\n")
        let text = String(decoding: message.bytes, as: UTF8.self)
        #expect(text.hasPrefix("Message-ID: <"))
        #expect(text.contains("\r\nSubject: Morning news\r\n"))
        #expect(text.contains("\r\n\r\nPrix: 5 =E2=82=AC"))
    }

    @Test("Quoted-printable keeps lines at 76 characters, encodes trailing spaces and a leading dot")
    func quotedPrintable() {
        let long = String(repeating: "abcdefghij", count: 20)
        let encoded = EmailMessage.quotedPrintable(long)
        let lines = encoded.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 76 })
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("=") })
        #expect(lines.map { $0.hasSuffix("=") ? String($0.dropLast()) : $0 }.joined() == long)
        #expect(EmailMessage.quotedPrintable("end \n.\nx\r\ny") == "end=20\r\n=2E\r\nx\r\ny\r\n")
    }

    @Test("A subject outside ASCII is RFC 2047 encoded-words that decode to the title, none over 75 characters")
    func encodedSubject() throws {
        let title = "Grüße aus Köln — 会議は10分後に始まります, and a long tail of words to fold"
        let subject = EmailMessage.encodedWords(title)
        let words = subject.components(separatedBy: "\r\n ")
        #expect(words.count > 1)
        var decoded: [UInt8] = []
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            let base64 = String(word.dropFirst(10).dropLast(2))
            decoded += try #require(Data(base64Encoded: base64))
            // Each word holds whole characters.
            #expect(String(data: try #require(Data(base64Encoded: base64)), encoding: .utf8) != nil)
        }
        #expect(String(decoding: decoded, as: UTF8.self) == title)
        #expect(EmailMessage.encodedWords("plain =?x?= look") != "plain =?x?= look")
    }

    @Test("A title or address with CR or LF cannot add a header")
    func injection() {
        let item = WebhookFixture.item(title: "Hi\r\nBcc: eve@example.org\nX-Evil: 1")
        let message = Self.message(item, to: ["ann@example.org\r\nBcc: eve@example.org"])
        let text = String(decoding: message.bytes, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        let names = head.components(separatedBy: "\r\n").filter { !$0.hasPrefix(" ") }.map { $0.prefix { $0 != ":" } }
        #expect(!names.contains("Bcc") && !names.contains("X-Evil"))
        #expect(Self.header(message, "Subject") == "Hi  Bcc: eve@example.org X-Evil: 1")
        #expect(!head.contains("\n\n") && !head.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test("An update answers the first version: In-Reply-To and References name its Message-ID")
    func update() {
        let first = Self.message(WebhookFixture.item())
        var item = WebhookFixture.item(title: "Morning news (updated)")
        item.revision = 2
        let update = Self.message(item)
        #expect(update.messageID != first.messageID)
        #expect(Self.header(update, "In-Reply-To") == first.messageID)
        #expect(Self.header(update, "References") == first.messageID)
        #expect(Self.header(first, "In-Reply-To") == nil)
    }
}

extension EmailMessageTests {
    @Test("Each string member of the content's data is an X-Tidings header; other members, odd names and line breaks are not")
    func dataHeaders() {
        var item = WebhookFixture.item()
        item.data = #"{"room":"!abc:example.org","n":3,"ok":true,"list":["a"],"bad name":"x","Bcc":"no\r\nBcc: eve@example.org","ort":"Zürich"}"#
        let message = Self.message(item)
        let extra = message.headers.filter { $0.name.hasPrefix("X-Tidings-") }
        #expect(extra.map(\.name) == ["X-Tidings-Bcc", "X-Tidings-ort", "X-Tidings-room"])
        #expect(Self.header(message, "X-Tidings-room") == "!abc:example.org")
        #expect(Self.header(message, "X-Tidings-Bcc") == "no  Bcc: eve@example.org", "one line: nothing can add a header")
        #expect(Self.header(message, "X-Tidings-ort")?.hasPrefix("=?UTF-8?B?") == true)
        #expect(!String(decoding: message.bytes, as: UTF8.self).contains("\r\nBcc:"))
        #expect(Self.message(WebhookFixture.item()).headers.allSatisfy { !$0.name.hasPrefix("X-Tidings-") })
    }

    @Test("At most 16 data headers, each value cut to 200 characters")
    func dataHeaderLimits() {
        var item = WebhookFixture.item()
        let members = (0..<30).map { "\"k\(String(format: "%02d", $0))\":\"\(String(repeating: "v", count: 300))\"" }
        item.data = "{" + members.joined(separator: ",") + "}"
        let extra = Self.message(item).headers.filter { $0.name.hasPrefix("X-Tidings-") }
        #expect(extra.count == 16)
        #expect(extra.first?.name == "X-Tidings-k00")
        #expect(extra.allSatisfy { $0.value.count == 200 })
    }
}
