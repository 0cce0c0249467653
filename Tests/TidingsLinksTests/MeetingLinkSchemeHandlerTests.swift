import Foundation
import Testing
import TidingsTestSupport
@testable import TidingsLinks

@Suite struct MeetingLinkSchemeHandlerTests {
    /// A fake `xdg-mime` that runs `body` (sh) and is given the arguments.
    private func script(_ body: String, in directory: TemporaryDirectory) throws -> String {
        let path = try directory.write("#!/bin/sh\n\(body)\n", to: "fake-xdg-mime")
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    @Test("a .desktop file printed means a handler is installed")
    func desktopFile() throws {
        let directory = try TemporaryDirectory()
        let fake = try script(#"[ "$1 $2 $3" = "query default x-scheme-handler/zoommtg" ] && echo Zoom.desktop"#, in: directory)
        #expect(SchemeHandlers.query("zoommtg", command: [fake, "query", "default"], deadline: 2) == true)
        #expect(SchemeHandlers.query("msteams", command: [fake, "query", "default"], deadline: 2) != true)
    }

    @Test(
        "anything else means no handler",
        arguments: [
            "true",  // prints nothing
            "echo not-a-desktop-file",
            "echo Zoom.desktop; exit 1",
            "printf 'a.desktop\\nb.desktop\\n'",
        ])
    func noHandler(body: String) throws {
        let directory = try TemporaryDirectory()
        let fake = try script(body, in: directory)
        #expect(SchemeHandlers.query("zoommtg", command: [fake], deadline: 2) != true)
    }

    @Test("a hung xdg-mime is killed at the deadline, its children too")
    func deadline() throws {
        let directory = try TemporaryDirectory()
        let marker = directory.file("child-alive")
        let fake = try script("(sleep 3; touch \(marker)) & sleep 30; echo Late.desktop", in: directory)
        let clock = ContinuousClock()
        var answer: Bool? = true
        let elapsed = clock.measure { answer = SchemeHandlers.query("zoommtg", command: [fake], deadline: 0.5) }
        #expect(answer == nil, "a deadline miss is no answer")
        #expect(elapsed < .seconds(2.5))
        Thread.sleep(forTimeInterval: 3.5)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a program that closes its output but keeps running is not waited for past the deadline")
    func closedOutput() throws {
        let directory = try TemporaryDirectory()
        let fake = try script("echo Zoom.desktop; exec >&-; sleep 30", in: directory)
        let clock = ContinuousClock()
        var answer: Bool? = true
        let elapsed = clock.measure { answer = SchemeHandlers.query("zoommtg", command: [fake], deadline: 0.5) }
        #expect(answer == nil, "a deadline miss is no answer")
        #expect(elapsed < .seconds(2.5))
    }

    @Test("malformed schemes and missing programs are no, without running anything", arguments: ["", "bad scheme", "../zoommtg", "x/y", "1abc", "zoom;rm"])
    func malformed(scheme: String) throws {
        let directory = try TemporaryDirectory()
        let marker = directory.file("ran")
        let fake = try script("touch \(marker); echo Zoom.desktop", in: directory)
        #expect(SchemeHandlers.query(scheme, command: [fake], deadline: 2) != true)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a missing program is no")
    func missingProgram() {
        #expect(SchemeHandlers.query("zoommtg", command: ["/nonexistent/xdg-mime"], deadline: 2) != true)
    }

    @Test("installed answers without a desktop and keeps its answer")
    func installedCaches() {
        let first = SchemeHandlers.installed("x-tidings-test-scheme")
        let second = SchemeHandlers.installed("X-Tidings-Test-Scheme")
        #expect(first == second)
        #expect(!first)
    }
}
