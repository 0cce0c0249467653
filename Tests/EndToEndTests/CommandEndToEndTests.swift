import Foundation
import Testing
import TidingsTestSupport

/// deliver to a `[[commands]]` program: a real script records what it gets; failures, retries,
/// timeouts and the content's `data`.
@Suite struct CommandEndToEndTests {
    /// Writes an executable `/bin/sh` script `name` with `body` and returns its path.
    static func script(_ pipeline: Pipeline, _ name: String, _ body: String) throws -> String {
        let path = try pipeline.folder.write("#!/bin/sh\n" + body + "\n", to: name)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// A script that appends each argument to `argv.log` (one a line) and its standard input
    /// to `stdin.log`.
    static func recorder(_ pipeline: Pipeline) throws -> String {
        let folder = pipeline.folder.path
        return try script(
            pipeline, "record.sh",
            """
            for argument in "$@"; do printf '%s\\n' "$argument" >> '\(folder)/argv.log'; done
            cat >> '\(folder)/stdin.log'
            """)
    }

    /// A pipeline whose system items go to the command `argv` only, its content from `today.json`.
    static func pipeline(
        argv: (Pipeline) throws -> [String], extra: String = "", feed: String? = nil
    ) throws -> Pipeline {
        let pipeline = try Pipeline(config: "")
        let words = try argv(pipeline).map { "\"\($0)\"" }.joined(separator: ", ")
        let source = feed == nil ? "" : "[[sources]]\nname = \"daily\"\nurl = \"file:today.json\"\n"
        _ = try pipeline.folder.write(
            """
            \(feed == nil ? "[daily]\nenabled = true\n" : "")\(source)
            [routes]
            system = ["command:run"]
            [[commands]]
            name = "run"
            argv = [\(words)]
            \(extra)
            """, to: "config.toml")
        if let feed { try pipeline.folder.write(feed, to: "today.json") }
        return pipeline
    }

    static func read(_ pipeline: Pipeline, _ name: String) -> String {
        (try? String(contentsOfFile: pipeline.folder.file(name), encoding: .utf8)) ?? ""
    }

    @Test("The program gets the item as one JSON object on stdin, its argv as configured: delivered")
    func delivered() async throws {
        let pipeline = try Self.pipeline(argv: { [try Self.recorder($0), "--room", "two words", "$HOME"] })
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(Self.read(pipeline, "argv.log") == "--room\ntwo words\n$HOME\n", "no shell expands the arguments")
        let lines = try JSONObject.lines(Self.read(pipeline, "stdin.log"))
        #expect(lines.count == 1)
        let item = try #require(lines.first)
        #expect(item.string("id") == "daily:2026-11-22")
        #expect(item.string("kind") == "daily")
        #expect(item.string("category") == "system")
        #expect(item.string("title") == "Your daily update")
        #expect(item.string("scheduledAt") == "2026-11-22T07:30:00+01:00")
        #expect(item.string("deliveredAt") == "2026-11-22T07:30:00+01:00")
        #expect(item.string("state") == "delivered")
        #expect(item["data"] == nil, "no data without content that carries it")
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T08:30")
        #expect(try JSONObject.lines(Self.read(pipeline, "stdin.log")).count == 1, "sent once")
    }

    @Test("Exit 3 fails with stderr's last line, is retried with backoff, then gives up and falls back to the inbox")
    func failingCommand() async throws {
        let pipeline = try Self.pipeline(
            argv: { pipeline in
                [
                    try Self.script(
                        pipeline, "fail.sh",
                        """
                        cat > /dev/null
                        echo run >> '\(pipeline.folder.path)/runs.log'
                        echo 'starting' >&2
                        echo 'send failed: room not found' >&2
                        echo '   ' >&2
                        exit 3
                        """)
                ]
            }, extra: "max_attempts = 2")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        #expect(Self.read(pipeline, "runs.log") == "run\n")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "0\n", "not yet: a retry waits")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30:10")
        #expect(Self.read(pipeline, "runs.log") == "run\n", "the retry waits 24–36 s")
        let last = try await pipeline.run("deliver", "--now", "2026-11-22T08:30")
        #expect(last.status == 0, "the fallback took it: \(last.stderr)")
        #expect(Self.read(pipeline, "runs.log") == "run\nrun\n")
        #expect(try await pipeline.succeed("tidings", "inbox", "--count") == "1\n")
        let log = try await pipeline.succeed("tidings", "log", "--stage", "deliver", "--limit", "2")
        #expect(log.contains("gave up after 2 attempts: exit status 3: send failed: room not found"), "\(log)")
        #expect(log.contains("0 delivered, 0 failed, 0 missed, 1 to retry"), "\(log)")
    }

    @Test("A program past its timeout is killed with what it started, and the item is failed")
    func timeout() async throws {
        let pipeline = try Self.pipeline(
            argv: { pipeline in
                [
                    try Self.script(
                        pipeline, "slow.sh",
                        """
                        sleep 30 &
                        echo $! > '\(pipeline.folder.path)/child.pid'
                        wait
                        """)
                ]
            }, extra: "timeout = \"500ms\"\nmax_attempts = 1\nfallback = \"none\"")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        // Killed at the timeout, not waited for: stderr says so, and the child is gone.
        let result = try await pipeline.run("deliver", "--now", "2026-11-22T07:30")
        #expect(result.status == 1)
        #expect(result.stderr.contains("timed out after 500ms and was killed"), "\(result.stderr)")
        let child = try #require(pid_t(Self.read(pipeline, "child.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await waitUntil { !isRunning(child) }, "the script's child was killed with its process group")
    }

    @Test("Content is never interpreted: $(…), backticks and quotes arrive verbatim and run nothing")
    func noShell() async throws {
        let folder = try TemporaryDirectory()
        let title = #"$(touch \#(folder.path)/a) `touch \#(folder.path)/b` "q'"#
        let item: [String: Any] = [
            "id": "7", "title": title, "body": "; touch \(folder.path)/c | rm -rf / && $HOME", "scheduledTime": 1_767_225_600_000,
        ]
        let feed = String(decoding: try JSONSerialization.data(withJSONObject: ["version": 1, "items": [item]]), as: UTF8.self)
        let pipeline = try Self.pipeline(argv: { [try Self.recorder($0)] }, feed: feed)
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let sent = try #require(try JSONObject.lines(Self.read(pipeline, "stdin.log")).first)
        #expect(sent.string("title") == title)
        #expect(sent.string("body") == "; touch \(folder.path)/c | rm -rf / && $HOME")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing was created")
    }

    @Test("A content item's data object reaches the command's stdin; an oversized one is dropped with a warning")
    func data() async throws {
        let small = #"{"id":"1","title":"Small","body":"B","scheduledTime":1767225600000,"data":{"room":"!abc:example.org","n":3,"tags":["a","b"]}}"#
        let pipeline = try Self.pipeline(argv: { [try Self.recorder($0)] }, feed: #"{"version":1,"items":[\#(small)]}"#)
        try await pipeline.succeed("prefetch", "--now", "2026-11-22T06:00")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let sent = try #require(try JSONObject.lines(Self.read(pipeline, "stdin.log")).first)
        let data = try #require(sent.object("data"))
        #expect(data.string("room") == "!abc:example.org")
        #expect(data.int("n") == 3)
        #expect(data["tags"] as? [String] == ["a", "b"])

        let large = #"{"id":"2","title":"Large","body":"B","scheduledTime":1767312000000,"data":{"blob":"\#(String(repeating: "x", count: 5000))"}}"#
        let list = #"{"id":"3","title":"List","body":"B","scheduledTime":1767225600000,"data":[1,2]}"#
        try pipeline.folder.write(#"{"version":1,"items":[\#(large),\#(list)]}"#, to: "today.json")
        try await pipeline.succeed("prefetch", "--now", "2026-11-23T06:00")
        let plan = try await pipeline.run("plan", "--now", "2026-11-23T06:00", "--horizon", "1d", "--verbose")
        #expect(plan.status == 0, "never a failed plan: \(plan.stderr)")
        #expect(plan.stderr.contains("warning: content daily/2: data dropped: larger than 4096 bytes (5011)"), "\(plan.stderr)")
        #expect(plan.stderr.contains("warning: content daily/3: data dropped: not a JSON object"), "\(plan.stderr)")
        try await pipeline.succeed("deliver", "--now", "2026-11-23T07:30")
        let lines = try JSONObject.lines(Self.read(pipeline, "stdin.log"))
        #expect(lines.count == 2)
        #expect(lines.last?.string("title") == "Large")
        #expect(lines.last?["data"] == nil, "the oversized data was dropped, the item sent")
    }
}
