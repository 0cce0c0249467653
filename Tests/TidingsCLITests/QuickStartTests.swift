import Testing

@testable import TidingsCLI

@Suite("QuickStart: the timers' command line, read before the argument parser")
struct QuickStartTests {
    @Test(
        "--db and --config, each at most once, with or without '=', are read here",
        arguments: [
            ([], nil, nil),
            (["--db", "/a/t.sqlite"], "/a/t.sqlite", nil),
            (["--db=/a/t.sqlite", "--config", "/c.toml"], "/a/t.sqlite", "/c.toml"),
            (["--config=/c=d.toml"], nil, "/c=d.toml"),
            (["--db", "postgresql://h/tidings?sslmode=verify-full"], "postgresql://h/tidings?sslmode=verify-full", nil),
        ] as [([String], String?, String?)])
    func plain(arguments: [String], db: String?, config: String?) throws {
        let options = try #require(QuickStart.options(arguments))
        #expect(options.db == db)
        #expect(options.config == config)
        #expect(options.now == nil)
        #expect(options.verbose == false)
    }

    @Test(
        "anything else is the argument parser's to read and judge",
        arguments: [
            ["-v"], ["--verbose"], ["--help"], ["--now", "2026-11-22T07:30"], ["--channel", "stdout"], ["--db"],
            ["--db", "/a", "--db", "/b"], ["--db", "--config"], ["--db", ""], ["--db="], ["--db", "-v"], ["/a/t.sqlite"],
            ["--wait-lock"], ["--db", "/a", "extra"],
        ] as [[String]])
    func other(arguments: [String]) {
        #expect(QuickStart.options(arguments) == nil)
    }
}

@Suite("QuickStart: a timer's flag besides --db and --config")
struct QuickStartFlagTests {
    @Test("the flag once, anywhere among --db and --config, is read here")
    func withFlag() throws {
        #expect(try #require(QuickStart.options(["--if-changed"], with: "--if-changed")).db == nil)
        let options = try #require(QuickStart.options(["--db", "/a/t.sqlite", "--due", "--config=/c.toml"], with: "--due"))
        #expect(options.db == "/a/t.sqlite")
        #expect(options.config == "/c.toml")
    }

    @Test(
        "without it, twice, or with anything else, the parser reads the line",
        arguments: [
            [], ["--db", "/a"], ["--due", "--due"], ["--due", "-v"], ["--due", "--now", "2026-11-22T07:30"], ["--db", "--due"],
            ["--due=1"], ["--if-changed"],
        ] as [[String]])
    func withoutFlag(arguments: [String]) {
        #expect(QuickStart.options(arguments, with: "--due") == nil)
    }
}
