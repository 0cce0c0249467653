import Testing

@testable import TidingsCore

@Suite struct ConfigErrorTests {
    static let file = "/etc/tidings.toml"

    /// The error `text` is refused with; fails the test when it is accepted.
    static func refusal(_ text: String) throws -> ConfigError {
        do {
            _ = try TidingsConfig.parse(toml: text, file: file, directory: "/etc")
        } catch {
            return error
        }
        Issue.record("accepted: \(text)")
        throw CancellationError()
    }

    @Test(
        "errors name the file, the key and what is wrong",
        arguments: [
            ("[daily]\ntime = \"7.30\"\n", "daily.time", "7.30"),
            ("[daily]\ntime = \"24:00\"\n", "daily.time", "24:00"),
            ("[daily]\ntme = \"07:30\"\n", "daily.tme", "unknown key"),
            ("[dialy]\ntime = \"07:30\"\n", "dialy", "unknown key"),
            ("colour = \"blue\"\n", "colour", "unknown key"),
            ("[daily]\nenabled = \"yes\"\n", "daily.enabled", "expected true or false"),
            ("[daily]\ntime = 730\n", "daily.time", "expected a string"),
            ("[daily]\ncategory = \"urgent\"\n", "daily.category", "\"transactional\""),
            ("daily = 1\n", "daily", "expected a table"),
            ("[quiet_hours]\nstart = \"10pm\"\n", "quiet_hours.start", "10pm"),
            ("[delivery]\ngrace = \"2 hours\"\n", "delivery.grace", "expected a duration"),
            ("[plan]\nhorizon = \"2\"\n", "plan.horizon", "expected a duration"),
            ("[fallback]\nstale_after = \"-1h\"\n", "fallback.stale_after", "expected a duration"),
            ("[fallback]\nmessages = [\"ok\", \" \\t \"]\n", "fallback.messages[1]", "empty message"),
            ("[fallback]\nmessages = [\"ok\", 3]\n", "fallback.messages[1]", "expected a string"),
            ("[[sources]]\nname = \"a\"\n", "sources[0].url", "missing"),
            ("[[sources]]\nurl = \"https://e.org/\"\n", "sources[0].name", "missing"),
            ("[[sources]]\nname = \"my feed\"\nurl = \"https://e.org/\"\n", "sources[0].name", "my feed"),
            ("[[sources]]\nname = \"a\"\nurl = \"http://example.org\"\n", "sources[0].url", "http: is only allowed"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\ntimeout = \"500ms\"\n", "sources[0].timeout", "between 1s and 8m"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\ncategory = \"marketing\"\n", "sources[0].category", "only a schedule source"),
            (
                "[[sources]]\nname = \"a\"\nurl = \"http://127.0.0.1/\"\npinned_public_keys = [\"sha256//\(String(repeating: "A", count: 43))=\"]\n",
                "sources[0].pinned_public_keys", "only an https source"
            ),
            (
                "[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\npinned_public_keys = [\"sha256//abc\"]\n", "sources[0].pinned_public_keys[0]",
                "sha256//abc"
            ),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\npinned_public_keys = []\n", "sources[0].pinned_public_keys", "empty"),
            ("[[sources]]\nname = \"a\"\nurl = \"file:///tmp/x.json\"\nca_file = \"ca.pem\"\n", "sources[0].ca_file", "only an https source"),
            (
                "[[sources]]\nname = \"a\"\ntype = \"schedule\"\nurl = \"https://e.org/\"\ncategory = \"loud\"\n", "sources[0].category",
                "\"marketing\""
            ),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\ntimeout = \"9m\"\n", "sources[0].timeout", "between 1s and 8m"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\nevery = \"30s\"\n", "sources[0].every", "between 1m and 7d, found 30s"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\nevery = \"8d\"\n", "sources[0].every", "between 1m and 7d"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\nevery = \"often\"\n", "sources[0].every", "expected a duration"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\nurll = \"x\"\n", "sources[0].urll", "unknown key"),
            ("[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\ntype = \"rss\"\n", "sources[0].type", "\"content\""),
            (
                "[[sources]]\nname = \"a\"\nurl = \"https://e.org/1\"\n[[sources]]\nname = \"a\"\nurl = \"https://e.org/2\"\n",
                "sources[1].name", "\"a\""
            ),
        ])
    func namesKey(text: String, key: String, fragment: String) throws {
        let error = try Self.refusal(text)
        #expect(error.file == Self.file)
        #expect(error.key == key)
        #expect(error.message.contains(fragment), "message: \(error.message)")
    }

    @Test(
        "an unknown key names its table and the known key it is closest to",
        arguments: [
            ("[daily]\ntme = \"07:30\"\n", "daily.tme", #"unknown key "tme" in [daily]; did you mean "time"?"#),
            ("[daily]\nTime = \"07:30\"\n", "daily.Time", #"unknown key "Time" in [daily]; did you mean "time"?"#),
            ("[daily]\nweekdyas_only = true\n", "daily.weekdyas_only", #"unknown key "weekdyas_only" in [daily]; did you mean "weekdays_only"?"#),
            ("[meetings]\nlead = \"5m\"\n", "meetings.lead", #"unknown key "lead" in [meetings]; did you mean "lead_time"?"#),
            ("[dialy]\ntime = \"07:30\"\n", "dialy", #"unknown key "dialy"; did you mean "daily"?"#),
            (
                "[[sources]]\nname = \"a\"\nurl = \"https://e.org/\"\nurll = \"x\"\n", "sources[0].urll",
                #"unknown key "urll" in [[sources]]; did you mean "url"?"#
            ),
            ("[daily]\ncolour = \"blue\"\n", "daily.colour", #"unknown key "colour" in [daily]"#),
            ("colour = \"blue\"\n", "colour", #"unknown key "colour""#),
        ])
    func unknownKeyMessage(text: String, key: String, message: String) throws {
        #expect(try Self.refusal(text) == ConfigError(file: Self.file, key: key, message: message))
    }

    @Test(
        "edits count insertions, deletions, substitutions and neighbour swaps once each",
        arguments: [
            ("time", "time", 0), ("tme", "time", 1), ("tiem", "time", 1), ("timex", "time", 1), ("tmie", "time", 1), ("abc", "xyz", 3), ("", "ab", 2),
        ])
    func editDistance(a: String, b: String, edits: Int) {
        #expect(KeySuggestion.distance(Array(a), Array(b)) == edits)
        #expect(KeySuggestion.distance(Array(b), Array(a)) == edits)
    }

    @Test("text that is not TOML names the line at fault", arguments: [("a = 1\nb = 2\nc = = 3\n", 3), ("[daily\n", 1), ("x = \"unterminated\n", 1)])
    func invalidTOML(text: String, line: Int) throws {
        let error = try Self.refusal(text)
        #expect(error.key == "")
        #expect(error.message.contains("line \(line)"), "message: \(error.message)")
    }

    @Test("description is \"file: key: message\", or \"file: message\" without a key")
    func description() throws {
        #expect(ConfigError(file: "/f.toml", key: "daily.time", message: "bad").description == "/f.toml: daily.time: bad")
        #expect(ConfigError(file: "/f.toml", key: "", message: "bad").description == "/f.toml: bad")
        let error = try Self.refusal("[daily]\ntime = \"7.30\"\n")
        #expect(error.description == "\(Self.file): daily.time: \(error.message)")
        #expect(error.description.hasPrefix("/etc/tidings.toml: daily.time: "))
    }

    @Test(
        "a huge value is echoed cut to 200 characters, with an ellipsis and its length",
        arguments: [
            ("[daily]\ntime = \"VALUE\"\n", "daily.time"),
            ("[[sources]]\nname = \"n\"\nurl = \"https:VALUE\"\n", "sources[0].url"),
            ("[routes]\nsystem = [\"VALUE\"]\n", "routes.system[0]"),
            ("[llm]\nbase_url = \"ftp://VALUE\"\nmodel = \"m\"\n", "llm.base_url"),
        ])
    func hugeValueIsCut(template: String, key: String) throws {
        let value = String(repeating: "a", count: 5 << 20)
        let error = try Self.refusal(template.replacingOccurrences(of: "VALUE", with: value))
        #expect(error.key == key)
        #expect(error.description.utf8.count < 700, "\(error.description.prefix(300))")
        #expect(error.message.contains("…"), "\(error.message.prefix(300))")
        #expect(error.message.contains(" characters)"), "\(error.message.prefix(300))")
    }

    @Test("quoted: a short value whole, a long one cut to 200 characters with its length")
    func quoted() {
        #expect(ConfigError.quoted("7.30") == "\"7.30\"")
        #expect(ConfigError.quoted(String(repeating: "x", count: 200)) == "\"" + String(repeating: "x", count: 200) + "\"")
        let long = String(repeating: "é", count: 5_242_880)
        #expect(ConfigError.quoted(long) == "\"" + String(repeating: "é", count: 200) + "…\" (5242880 characters)")
    }

    @Test("a message or key too long for an echo is cut whatever built it")
    func capped() {
        let error = ConfigError(file: "/f.toml", key: String(repeating: "k", count: 1000), message: String(repeating: "m", count: 10_000))
        #expect(error.key == String(repeating: "k", count: 200) + "… (1000 characters)")
        #expect(error.message == String(repeating: "m", count: 800) + "… (10000 characters)")
    }
}
