import Foundation
import Testing
import TidingsTestSupport

/// A `[[commands]]` program gets a clean environment and never outlives the deliver run that
/// started it, even one killed with SIGKILL.
@Suite struct CommandTetherEndToEndTests {
    /// The names of `/proc/<pid>/environ`-style text: `NAME=value` entries split by NUL or newline.
    static func names(_ text: String) -> Set<String> {
        Set(
            text.split(whereSeparator: { $0 == "\0" || $0 == "\n" }).compactMap { entry in
                entry.firstIndex(of: "=").map { String(entry[..<$0]) }
            })
    }

    /// Whether `pid` is gone: no such process, or one that has ended and waits to be reaped.
    static func gone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.range(of: ") Z ") != nil || stat.range(of: ") X ") != nil
    }

    /// The parent of `pid` and its command name, from `/proc/<pid>/stat`.
    static func parent(of pid: pid_t) -> (pid: pid_t, name: String)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 1, let ppid = pid_t(fields[1]) else { return nil }
        let name = (try? String(contentsOfFile: "/proc/\(ppid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return (ppid, name)
    }

    /// The pid read from the file `name` of `pipeline`'s folder, once it is there.
    static func awaitPid(_ pipeline: Pipeline, _ name: String) async throws -> pid_t? {
        for _ in 0..<600 {
            if let pid = pid_t(CommandEndToEndTests.read(pipeline, name).trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    @Test("The program sees only the documented variables, those its env names, and the item's key; deliver's secrets stay behind")
    func cleanEnvironment() async throws {
        var pipeline = try CommandEndToEndTests.pipeline(
            argv: { pipeline in
                [try CommandEndToEndTests.script(pipeline, "env.sh", "cat > /dev/null\ncat /proc/$$/environ > '\(pipeline.folder.path)/environ'")]
            }, extra: #"env = ["MATRIX_TOKEN", "NOT_SET_ANYWHERE"]"#)
        for (name, value) in [
            ("SMTP_PASSWORD", "smtp-secret-value"), ("TIDINGS_LLM_KEY", "llm-secret-value"), ("HOOK_SECRET", "hook-secret-value"),
            ("UNRELATED", "x"), ("MATRIX_TOKEN", "matrix-token-value"), ("LC_TIME", "C"), ("XDG_RUNTIME_DIR", "/run/user/1000"),
            ("DISPLAY", ":7"), ("LANG", "C.UTF-8"),
        ] {
            pipeline.runner.environment[name] = value
        }
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        try await pipeline.succeed("deliver", "--now", "2026-11-22T07:30")
        let environ = CommandEndToEndTests.read(pipeline, "environ")
        // XDG_STATE_HOME, a documented variable, is set only by the PostgreSQL pass's pipelines.
        #expect(Self.names(environ).contains("XDG_STATE_HOME") == (Pipeline.engine == .postgresql))
        let names = Self.names(environ).filter { $0 != "XDG_STATE_HOME" }
        #expect(
            names == [
                "PATH", "HOME", "TZ", "LANG", "LC_TIME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "DISPLAY", "MATRIX_TOKEN", "TIDINGS_IDEMPOTENCY_KEY",
            ], "\(names.sorted())")
        #expect(environ.contains("MATRIX_TOKEN=matrix-token-value"))
        #expect(environ.contains("TIDINGS_IDEMPOTENCY_KEY=daily:2026-11-22"))
        for secret in ["smtp-secret-value", "llm-secret-value", "hook-secret-value"] {
            #expect(!environ.contains(secret))
        }
    }

    @Test(
        "deliver killed with SIGKILL while a command runs: the command's whole process group ends at once, and the next run sends the item again, never two copies at a time"
    )
    func killedDeliver() async throws {
        let pipeline = try CommandEndToEndTests.pipeline(
            argv: { pipeline in
                let folder = pipeline.folder.path
                return [
                    try CommandEndToEndTests.script(
                        pipeline, "long.sh",
                        """
                        cat > /dev/null
                        if [ -e '\(folder)/command.pid' ]; then
                          first=$(cat '\(folder)/command.pid')
                          if [ -e "/proc/$first" ] && ! grep -q ') Z ' "/proc/$first/stat"; then echo overlap >> '\(folder)/runs.log'; fi
                          echo again >> '\(folder)/runs.log'
                          exit 0
                        fi
                        echo first >> '\(folder)/runs.log'
                        trap '' TERM HUP INT
                        sleep 300 &
                        echo $! > '\(folder)/grandchild.pid'
                        echo $$ > '\(folder)/command.pid'
                        wait
                        """)
                ]
            }, extra: "timeout = \"5m\"")
        try await pipeline.succeed("plan", "--now", "2026-11-22T06:00", "--horizon", "1d")
        let runner = pipeline.runner
        let running = Task { try await runner.run("deliver", ["--now", "2026-11-22T07:30"]) }
        let command = try #require(try await Self.awaitPid(pipeline, "command.pid"))
        let grandchild = try #require(try await Self.awaitPid(pipeline, "grandchild.pid"))
        let group = getpgid(command)
        #expect(group > 0 && getpgid(grandchild) == group, "the command and what it started share a group")

        // deliver is the command's nearest ancestor of that name.
        var deliver: pid_t?
        var cursor = command
        for _ in 0..<8 where deliver == nil {
            guard let up = Self.parent(of: cursor) else { break }
            if up.name == "deliver" { deliver = up.pid }
            cursor = up.pid
        }
        let victim = try #require(deliver, "deliver is an ancestor of the command")
        kill(victim, SIGKILL)
        let killed = try await running.value
        #expect(killed.status == 128 + SIGKILL)

        // Gone well within its 5-minute timeout: polled, at most 60 s.
        var ended = false
        for _ in 0..<600 where !ended {
            ended = Self.gone(command) && Self.gone(grandchild) && Self.gone(group)
            if !ended { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(ended, "the command's process group outlived deliver")

        let next = try await pipeline.run("deliver", "--now", "2026-11-22T07:31")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(CommandEndToEndTests.read(pipeline, "runs.log") == "first\nagain\n", "sent again once, never while the first copy ran")
        let report = try JSONObject(
            try await pipeline.succeed(
                "report", "--format", "json", "--since", "2026-11-22T00:00", "--until", "2026-11-23T00:00"))
        #expect(report.object("counts")?.int("delivered") == 1)
        try await pipeline.succeed("deliver", "--now", "2026-11-22T08:30")
        #expect(CommandEndToEndTests.read(pipeline, "runs.log") == "first\nagain\n", "and not again")
    }
}
