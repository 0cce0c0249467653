import Testing

@testable import TidingsLLM

/// What redaction replaces before text leaves the machine, and what it leaves alone.
@Suite struct RedactorTests {
    @Test(
        "E-mail addresses become [email]",
        arguments: [
            ("Mail alice@example.org today", "Mail [email] today"),
            ("From: Bob.Smith+tidings@mail.example.co.uk.", "From: [email]."),
            ("<carol@sub-domain.example.de>", "<[email]>"),
            ("Reply to j.doe@example.com.", "Reply to [email]."),
            ("two: a@b.io, c.d@e-f.org", "two: [email], [email]"),
            ("UPPER@EXAMPLE.COM", "[email]"),
        ])
    func emails(input: String, expected: String) {
        #expect(Redactor.redact(input) == expected)
    }

    @Test(
        "Phone numbers, international and national, become [phone]",
        arguments: [
            ("Call +49 30 1234567 now", "Call [phone] now"),
            ("+1 (555) 123-4567", "[phone]"),
            ("(555) 123-4567", "[phone]"),
            ("555-123-4567", "[phone]"),
            ("+44 20 7946 0958", "[phone]"),
            ("+49 (0)30 1234567", "[phone]"),
            ("030 12345678", "[phone]"),
            ("0171/1234567", "[phone]"),
            ("01711234567", "[phone]"),
            ("0049 89 123456", "[phone]"),
            ("+33 1 23 45 67 89", "[phone]"),
            ("+4915112345678", "[phone]"),
            ("Dial in: +1 646 558 8656,,123456789#", "Dial in: [phone],,123456789#"),
            ("Tel.: 089-123 456 78.", "Tel.: [phone]."),
        ])
    func phones(input: String, expected: String) {
        #expect(Redactor.redact(input) == expected)
    }

    @Test(
        "Dates, times, amounts and small numbers stay",
        arguments: [
            "Standup on 2026-11-22 at 10:30",
            "Am 22.11.2026 um 10.30 Uhr",
            "Due 11/22/2026, 09:00–09:30",
            "2026-11-22 10:00 - 11:00",
            "From 22. 11. 2026 to 24. 11. 2026",
            "Room 4.12, floor 3, 12 people",
            "Revenue 1.000.000 EUR, up 3.5%",
            "Budget: 1 250 000 EUR",
            "Order 1234567 shipped",
            "Pi is 3.14159265",
            "Version 2.14.1 released",
            "Between 9-17 h, 2025–2026",
            "Score 12345 points",
        ])
    func leftAlone(input: String) {
        #expect(Redactor.redact(input) == input)
    }

    @Test(
        "Meeting passcodes become [passcode], the label stays",
        arguments: [
            ("Passcode: 123456", "Passcode: [passcode]"),
            ("Meeting password: hunter2!", "Meeting password: [passcode]"),
            ("PIN: 4711", "PIN: [passcode]"),
            ("PIN 4711#", "PIN [passcode]"),
            ("Kennwort: Xy7-abc", "Kennwort: [passcode]"),
            ("passwort ist 998877", "passwort ist [passcode]"),
            ("the password is 7781, see you", "the password is [passcode], see you"),
            ("pwd=AbC123xyz", "pwd=[passcode]"),
            ("Access code: 55-66-77", "Access code: [passcode]"),
        ])
    func passcodes(input: String, expected: String) {
        #expect(Redactor.redact(input) == expected)
    }

    @Test(
        "Words that merely look like labels stay",
        arguments: ["Pin the tab to keep it", "Reset your password in the settings", "The pin is in the drawer"])
    func labelsWithoutCodes(input: String) {
        #expect(Redactor.redact(input) == input)
    }

    @Test(
        "Links of any scheme, www. names and domains with a path become [link]",
        arguments: [
            ("Join https://zoom.us/j/123456789?pwd=abc now", "Join [link] now"),
            ("See http://127.0.0.1:8080/x.", "See [link]."),
            ("(https://example.org/a_(b))", "([link])"),
            ("zoommtg://zoom.us/join?confno=123&pwd=x", "[link]"),
            ("ftp://files.example.org/file.zip,", "[link],"),
            ("visit www.example.org today!", "visit [link] today!"),
            ("meet.google.com/abc-defg-hij", "[link]"),
            ("teams.microsoft.com/l/meetup-join/19%3a", "[link]"),
        ])
    func links(input: String, expected: String) {
        #expect(Redactor.redact(input) == expected)
    }

    @Test("A whole meeting invitation keeps its facts and loses every identifier")
    func invitation() {
        let text = """
            Weekly sync on 2026-11-22 at 10:00 with alice@example.org. Join https://acme.zoom.us/j/98765432101?pwd=Zm9v \
            Meeting ID: 987 6543 2101 Passcode: 314159 Dial +1 669 900 6833 or 030 56795800. Room 4.12.
            """
        let redacted = Redactor.redact(text)
        #expect(redacted.contains("2026-11-22 at 10:00"))
        #expect(redacted.contains("Room 4.12."))
        for secret in ["alice", "acme", "Zm9v", "314159", "669", "56795800", "98765432101"] {
            #expect(!redacted.contains(secret), "\(secret) left in: \(redacted)")
        }
        for placeholder in Redactor.placeholders {
            #expect(redacted.contains(placeholder), "\(placeholder) missing: \(redacted)")
        }
    }

    @Test("Links are recognised for validation, plain words are not")
    func containsLink() {
        #expect(Redactor.containsLink("read more at www.example.org"))
        #expect(Redactor.containsLink("https://x.io"))
        #expect(Redactor.containsLink("example.org/path"))
        #expect(Redactor.containsLink("mailto:a@b.org"))
        #expect(!Redactor.containsLink("Standup at 10:00, room 4.12"))
        #expect(!Redactor.containsLink("e.g. the usual and/or the new one"))
    }
}
