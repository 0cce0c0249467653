import Testing

@testable import TidingsLinks

@Suite struct MeetingLinkTextTests {
    @Test(
        "redirect wrappers are unwrapped before matching",
        arguments: [
            // Outlook SafeLinks, commercial and GCC.
            (
                "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fus02web.zoom.us%2Fj%2F84512345678%3Fpwd%3DabcDEF&data=05%7C02%7Cjane%40example.com%7C0123%7C0&sdata=AbCd%3D&reserved=0",
                "https://us02web.zoom.us/j/84512345678?pwd=abcDEF"
            ),
            (
                "https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fteams.microsoft.com%2Fl%2Fmeetup-join%2F19%253ameeting_AbC%2540thread.v2%2F0%3Fcontext%3D%257b%257d&data=x",
                "https://teams.microsoft.com/l/meetup-join/19%3ameeting_AbC%40thread.v2/0?context=%7b%7d"
            ),
            (
                "https://gcc02.safelinks.protection.office365.us/?url=https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij&data=x&reserved=0",
                "https://meet.google.com/abc-defg-hij"
            ),
            // Proofpoint URLDefense v1, v2 (- for %, _ for /) and v3 (* replaced from the base64 tail).
            (
                "https://urldefense.proofpoint.com/v1/url?u=https%3A%2F%2Fmeet.jit.si%2FWeeklyPlanningCall&k=abc",
                "https://meet.jit.si/WeeklyPlanningCall"
            ),
            (
                "https://urldefense.proofpoint.com/v2/url?u=https-3A__zoom.us_j_84512345678-3Fpwd-3DabcDEF&d=DwMFaQ&c=abc&r=def&m=ghi&s=jkl&e=",
                "https://zoom.us/j/84512345678?pwd=abcDEF"
            ),
            (
                "https://urldefense.com/v3/__https://zoom.us/j/84512345678?pwd=abcDEF__;!!ABCdef!ghiJKL$",
                "https://zoom.us/j/84512345678?pwd=abcDEF"
            ),
            (
                "https://urldefense.com/v3/__https://meet.google.com/abc-defg-hij*authuser=0__;Pw!!ABC!def$",
                "https://meet.google.com/abc-defg-hij?authuser=0"
            ),
            (
                "https://urldefense.com/v3/__https://zoom.us/j/123**Awd=abc__;P3A!!ABC!def$",
                "https://zoom.us/j/123?pwd=abc"
            ),
            // Google Calendar's and Gmail's redirect.
            (
                "https://www.google.com/url?q=https://meet.google.com/abc-defg-hij&sa=D&source=calendar&ust=1700000000000000&usg=AOvVaw0abc",
                "https://meet.google.com/abc-defg-hij"
            ),
            (
                "https://www.google.com/url?q=https%3A%2F%2Fus06web.zoom.us%2Fj%2F84512345678%3Fpwd%3Dxyz&sa=D",
                "https://us06web.zoom.us/j/84512345678?pwd=xyz"
            ),
            (
                "https://google.com/url?sa=t&url=https%3A%2F%2Fwhereby.com%2Fjane-doe",
                "https://whereby.com/jane-doe"
            ),
            // Other link protection and redirects.
            (
                "https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fmeet.jit.si%2fWeeklyPlanningCall&c=E,1,abc&typo=1",
                "https://meet.jit.si/WeeklyPlanningCall"
            ),
            (
                "https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fzoom.us%2fj%2f123&umid=abc",
                "https://zoom.us/j/123"
            ),
            ("https://l.facebook.com/l.php?u=https%3A%2F%2Fdiscord.gg%2FabcDEF12&h=AT0abc", "https://discord.gg/abcDEF12"),
            (
                "https://slack-redir.net/link?url=https%3A%2F%2Fapp.slack.com%2Fhuddle%2FT0123ABCD%2FC0456EFGH",
                "https://app.slack.com/huddle/T0123ABCD/C0456EFGH"
            ),
            (
                "https://teams.microsoft.com/dl/launcher/launcher.html?url=%2f_%23%2fl%2fmeetup-join%2f19%3ameeting_AbC%40thread.v2%2f0%3fcontext%3d%257B%257D%26anon%3dtrue&type=meetup-join&deeplinkId=abc&directDl=true&msLaunch=true&enableMobilePage=true&suppressPrompt=true",
                "https://teams.microsoft.com/l/meetup-join/19:meeting_AbC@thread.v2/0?context=%7B%7D&anon=true"
            ),
            // Wrapped twice: SafeLinks around URLDefense v2.
            (
                "https://nam04.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.proofpoint.com%2Fv2%2Furl%3Fu%3Dhttps-3A__zoom.us_j_555-3Fpwd-3Dq%26d%3Dx&data=y",
                "https://zoom.us/j/555?pwd=q"
            ),
            // Percent-encoded in the text itself.
            ("Join: https%3A%2F%2Fmeet.google.com%2Fabc-defg-hij&foo=bar", "https://meet.google.com/abc-defg-hij"),
            ("HTTPS%3a%2f%2fzoom.us%2fj%2f123%3fpwd%3dabc.", "https://zoom.us/j/123?pwd=abc"),
        ])
    func unwrapped(text: String, expected: String) {
        #expect(MeetingLinks.find(in: text).map(\.url) == [expected])
    }

    @Test("Proofpoint v3 replacement runs: **A is two characters, **B three")
    func proofpointRuns() {
        // "?pw" is base64 "P3B3"; "**B" takes all three characters.
        #expect(LinkUnwrapper.proofpointV3("https://zoom.us/j/1**Bd=x__;P3B3!!a$") == "https://zoom.us/j/1?pwd=x")
        #expect(LinkUnwrapper.proofpointV3("https://zoom.us/j/1*__;!!a$") == nil)
    }

    @Test("wrappers six deep are unwrapped, seven deep are given up")
    func depth() {
        var link = "https://zoom.us/j/123"
        for _ in 0..<6 {
            link = "https://www.google.com/url?q=" + link.addingPercentEncodingForQuery()
        }
        #expect(MeetingLinks.find(in: link).map(\.url) == ["https://zoom.us/j/123"])
        link = "https://www.google.com/url?q=" + link.addingPercentEncodingForQuery()
        #expect(MeetingLinks.find(in: link).isEmpty)
    }

    @Test(
        "links in HTML are found after the tags are stripped and entities decoded",
        arguments: [
            (
                "<p>Join: <a href=\"https://zoom.us/j/84512345678?pwd=abc&amp;uname=x\">Click here</a></p>",
                ["https://zoom.us/j/84512345678?pwd=abc&uname=x"]
            ),
            ("<a href='https://meet.google.com/abc-defg-hij'>https://meet.google.com/abc-defg-hij</a>", ["https://meet.google.com/abc-defg-hij"]),
            (
                "<a href=\"https://www.google.com/url?q=https://meet.google.com/abc-defg-hij&amp;sa=D&amp;source=calendar\">meet.google.com/abc-defg-hij</a>",
                ["https://meet.google.com/abc-defg-hij"]
            ),
            ("<a target=_blank href=https://meet.jit.si/WeeklyPlanningCall>Jitsi</a>", ["https://meet.jit.si/WeeklyPlanningCall"]),
            ("Join&nbsp;https://zoom.us/j/123&lt;br&gt;and more", ["https://zoom.us/j/123"]),
            (
                "<div>Teams:<br>https://teams.microsoft.com/meet/2345678901234?p=Abc</div><div>Passcode: Abc</div>",
                ["https://teams.microsoft.com/meet/2345678901234?p=Abc"]
            ),
            (
                "<b>Zoom</b>: https://zoom.us/j/111<br/>Meet: <a href=\"https://meet.google.com/abc-defg-hij\">link</a>",
                ["https://zoom.us/j/111", "https://meet.google.com/abc-defg-hij"]
            ),
            ("<!-- https://zoom.us/j/999 --><p>https://zoom.us/j/111</p>", ["https://zoom.us/j/111"]),
            (
                "<style>a { background: url(https://zoom.us/j/999) }</style><script>var u = 'https://zoom.us/j/998'</script>Go https://zoom.us/j/111",
                ["https://zoom.us/j/111"]
            ),
            ("https://zoom.us/j/1&#63;pwd=abc", ["https://zoom.us/j/1?pwd=abc"]),
        ])
    func html(text: String, expected: [String]) {
        #expect(MeetingLinks.find(in: text).map(\.url) == expected)
    }

    @Test(
        "trailing punctuation and enclosing brackets are not part of the link",
        arguments: [
            "Join at https://zoom.us/j/123.",
            "Join at https://zoom.us/j/123, or dial in",
            "Join at https://zoom.us/j/123; dial-in below",
            "See https://zoom.us/j/123!",
            "Where? https://zoom.us/j/123?",
            "(https://zoom.us/j/123)",
            "(see https://zoom.us/j/123).",
            "<https://zoom.us/j/123>",
            "\"https://zoom.us/j/123\",",
            "'https://zoom.us/j/123'",
            "[Join](https://zoom.us/j/123)",
            "**https://zoom.us/j/123**",
            "\u{201C}https://zoom.us/j/123\u{201D}",
            "«https://zoom.us/j/123»",
            "Zoom:https://zoom.us/j/123\\nPasscode: 1",
            "Join Zoom Meetinghttps://zoom.us/j/123",
            "https://zoom.us/j/123\u{200B}",
            "https://zoom.us/j/123\u{00A0}Meeting ID",
            "https://zoom.us/j/123…",
        ])
    func punctuation(text: String) {
        #expect(MeetingLinks.find(in: text).map(\.url) == ["https://zoom.us/j/123"])
    }

    @Test("a passcode survives trailing punctuation")
    func passcodeAndPunctuation() {
        #expect(MeetingLinks.find(in: "Join: https://zoom.us/j/123?pwd=abc.").map(\.url) == ["https://zoom.us/j/123?pwd=abc"])
        #expect(MeetingLinks.find(in: "Join (https://zoom.us/j/123?pwd=a(b)c)").map(\.url) == ["https://zoom.us/j/123?pwd=a(b)c"])
    }

    @Test("a link deep in a long description is found")
    func longText() {
        let filler = String(repeating: "Agenda item with words, numbers 123 and https://example.org/page. ", count: 5_000)
        // Its speed is scripts/bench's to measure; here, that the one link is found in it.
        #expect(MeetingLinks.find(in: filler + "https://zoom.us/j/123 " + filler).map(\.url) == ["https://zoom.us/j/123"])
    }
}

extension String {
    fileprivate func addingPercentEncodingForQuery() -> String {
        var out = ""
        for byte in utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E || byte == 0x2D {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            }
        }
        return out
    }

    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
