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
    func deadline() async throws {
        let directory = try TemporaryDirectory()
        let (program, child) = (directory.file("program.pid"), directory.file("child.pid"))
        let fake = try script("echo $$ > \(program); sleep 30 & echo $! > \(child); wait; echo Late.desktop", in: directory)
        // Had the lookup waited for the program, it would have printed Late.desktop: yes.
        #expect(SchemeHandlers.query("zoommtg", command: [fake], deadline: 2) == nil, "a deadline miss is no answer")
        for file in [program, child] {
            let pid = try #require(pid_t(try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(await waitUntil { !isRunning(pid) }, "\(file) was killed")
        }
    }

    @Test("a program that closes its output but keeps running is not waited for past the deadline")
    func closedOutput() async throws {
        let directory = try TemporaryDirectory()
        let program = directory.file("program.pid")
        let fake = try script("echo $$ > \(program); echo Zoom.desktop; exec >&-; sleep 30", in: directory)
        // Had the lookup waited for the program to exit, its status 0 would have made it a yes.
        #expect(SchemeHandlers.query("zoommtg", command: [fake], deadline: 0.5) == nil, "a deadline miss is no answer")
        let pid = try #require(pid_t(try String(contentsOfFile: program, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await waitUntil { !isRunning(pid) }, "the program was killed")
    }

    @Test(
        "malformed schemes and missing programs are no, without running anything",
        arguments: ["", "bad scheme", "../zoommtg", "x/y", "1abc", "zoom;rm"])
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
