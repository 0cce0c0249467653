import Foundation
import Testing
import TidingsTestSupport

/// `tidings links` end to end, run from the built program.
@Suite struct MeetingLinkCommandTests {
    let runner = ProgramRunner(environment: [:])

    @Test("one JSON object per link, in order; the words of TEXT are joined")
    func links() async throws {
        let result = try await runner.run(
            "tidings",
            [
                "links", "Join", "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fzoom.us%2Fj%2F123%3Fpwd%3Dabc&data=x",
                "or https://meet.google.com/abc-defg-hij.",
            ])
        #expect(result.status == 0)
        #expect(
            result.lines == [
                #"{"platform":"zoom","url":"https://zoom.us/j/123?pwd=abc","nativeUrl":null,"field":null}"#,
                #"{"platform":"google-meet","url":"https://meet.google.com/abc-defg-hij","nativeUrl":null,"field":null}"#,
            ])
        #expect(result.stderr.isEmpty)
    }

    @Test("--field labels the links")
    func field() async throws {
        let result = try await runner.run("tidings", ["links", "--field", "x-google-conference", "https://meet.google.com/abc-defg-hij"])
        #expect(result.status == 0)
        #expect(
            result.lines == [
                #"{"platform":"google-meet","url":"https://meet.google.com/abc-defg-hij","nativeUrl":null,"field":"x-google-conference"}"#
            ])
    }

    @Test("no link: nothing printed, exit 1")
    func none() async throws {
        for text in ["Room 4.02", "javascript:alert('https://zoom.us/j/1')", "https://zoom.us/blog/x"] {
            let result = try await runner.run("tidings", ["links", text])
            #expect(result.status == 1, "\(text)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(text)")
        }
    }

    @Test("standard input when no TEXT is given, HTML included")
    func standardInput() async throws {
        let html = #"<p>Join: <a href="https://us02web.zoom.us/j/84512345678?pwd=abc&amp;x=1">Zoom</a></p>"#
        let result = try await runner.run(
            "tidings", [html, "--field", "description"], prefix: ["sh", "-c", #"printf '%s' "$1" | "$0" links "$2" "$3""#])
        #expect(result.status == 0)
        #expect(
            result.lines == [#"{"platform":"zoom","url":"https://us02web.zoom.us/j/84512345678?pwd=abc&x=1","nativeUrl":null,"field":"description"}"#]
        )
    }

    @Test("--native gives the app link when the desktop has a handler for its scheme")
    func native() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "[Default Applications]\nx-scheme-handler/zoommtg=zoom-client.desktop\n", to: "config/mimeapps.list")
        _ = try directory.write(
            "[Desktop Entry]\nType=Application\nName=Zoom\nExec=/bin/true %u\n", to: "data/applications/zoom-client.desktop")
        let desktop = [
            "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"), "XDG_CONFIG_DIRS": directory.file("none"),
            "XDG_DATA_HOME": directory.file("data"), "XDG_DATA_DIRS": directory.file("none"), "XDG_CURRENT_DESKTOP": "X-Generic",
        ]
        let text = "https://zoom.us/j/123?pwd=abc https://teams.microsoft.com/meet/2345678901234?p=x"
        let withNative = try await runner.run("tidings", ["links", "--native", text], extra: desktop)
        #expect(withNative.status == 0)
        #expect(
            withNative.lines == [
                #"{"platform":"zoom","url":"https://zoom.us/j/123?pwd=abc","nativeUrl":"zoommtg://zoom.us/join?confno=123&pwd=abc","field":null}"#,
                #"{"platform":"teams","url":"https://teams.microsoft.com/meet/2345678901234?p=x","nativeUrl":null,"field":null}"#,
            ])
        let without = try await runner.run("tidings", ["links", text], extra: desktop)
        #expect(without.lines.allSatisfy { $0.contains(#""nativeUrl":null"#) })
    }

    @Test("--native on KDE asks xdg-mime, which asks KDE's service database")
    func nativeOnKDE() async throws {
        let directory = try TemporaryDirectory()
        let fake = try directory.write(
            "#!/bin/sh\ncase \"$3\" in x-scheme-handler/msteams) echo teams.desktop;; esac\n", to: "xdg-mime")
        #expect(chmod(fake, 0o755) == 0)
        let kde = [
            "PATH": "\(directory.path):/usr/local/bin:/usr/bin:/bin", "XDG_CURRENT_DESKTOP": "KDE", "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.file("config"), "XDG_DATA_HOME": directory.file("data"),
        ]
        let text = "https://zoom.us/j/123?pwd=abc https://teams.microsoft.com/meet/2345678901234?p=x"
        let result = try await runner.run("tidings", ["links", "--native", text], extra: kde)
        #expect(
            result.lines == [
                #"{"platform":"zoom","url":"https://zoom.us/j/123?pwd=abc","nativeUrl":null,"field":null}"#,
                #"{"platform":"teams","url":"https://teams.microsoft.com/meet/2345678901234?p=x","nativeUrl":"msteams:/meet/2345678901234?p=x","field":null}"#,
            ])
    }

    @Test("a wrong --field is a usage error")
    func usage() async throws {
        let result = try await runner.run("tidings", ["links", "--field", "body", "https://zoom.us/j/1"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test("--help explains the command")
    func help() async throws {
        let result = try await runner.run("tidings", ["links", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("meeting links"))
        #expect(result.stdout.contains("--native"))
    }
}
