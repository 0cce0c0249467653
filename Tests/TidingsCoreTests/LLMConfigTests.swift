import Foundation
import Testing

@testable import TidingsCore

/// `[llm]`: the endpoint that may write notification text, and `features.llm`'s need of it.
@Suite struct LLMConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/c/config.toml", directory: "/c")
    }

    static func llm(_ lines: String) throws(ConfigError) -> TidingsConfig.LLM? {
        try parse("[llm]\n\(lines)").llm
    }

    @Test("No [llm] table: no endpoint; a minimal one gets the defaults")
    func defaults() throws {
        #expect(try Self.parse("").llm == nil)
        let llm = try #require(try Self.llm("base_url = \"https://api.example.org/v1/\"\nmodel = \"small-1\""))
        #expect(llm.baseURL == "https://api.example.org/v1", "the trailing slash goes")
        #expect(llm.model == "small-1")
        #expect(llm.apiKey == nil)
        #expect(llm.timeout == 20_000)
        #expect(llm.budget == 60_000)
        #expect(llm.maxCalls == 100)
        #expect(llm.redact)
    }

    @Test("Every key read: key from a variable or a relative file, limits, redact off for loopback")
    func allKeys() throws {
        let llm = try #require(
            try Self.llm(
                """
                base_url = "http://127.0.0.1:11434/v1"
                model = "llama3.2:3b"
                api_key_file = "secrets/llm.key"
                timeout = "5s"
                budget = "2m"
                max_calls = 12
                redact = false
                """))
        #expect(llm.apiKey == .file("/c/secrets/llm.key"))
        #expect(llm.timeout == 5000 && llm.budget == 120_000 && llm.maxCalls == 12 && !llm.redact)
        #expect(llm.isLoopback)
        let fromEnvironment = try #require(try Self.llm("base_url = \"https://api.example.org/v1\"\nmodel = \"m\"\napi_key_env = \"OPENAI_API_KEY\""))
        #expect(fromEnvironment.apiKey == .environment("OPENAI_API_KEY"))
        #expect(!fromEnvironment.isLoopback)
    }

    @Test(
        "Bad values name the file, the key and the fix",
        arguments: [
            ("model = \"m\"", "llm.base_url", "missing"),
            ("base_url = \"https://a.example/v1\"", "llm.model", "missing"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"two words\"", "llm.model", "expected a model name"),
            ("base_url = \"http://api.example.org/v1\"\nmodel = \"m\"", "llm.base_url", "http: is only allowed to this machine"),
            ("base_url = \"file:///tmp/x\"\nmodel = \"m\"", "llm.base_url", "an LLM endpoint needs https:"),
            (
                "base_url = \"ftp://a.example\"\nmodel = \"m\"", "llm.base_url",
                "an LLM endpoint needs https: (or http: to this machine), found \"ftp://a.example\""
            ),
            (
                "base_url = \"https://a.example/v1?key=1\"\nmodel = \"m\"", "llm.base_url",
                "give the API's base URL without a query or fragment (a key goes in api_key_env or api_key_file)"
            ),
            ("base_url = \"https://me:sk-1@a.example/v1\"\nmodel = \"m\"", "llm.base_url", "give no user name or password in the URL"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\ntimeout = \"500ms\"", "llm.timeout", "must be between 1s and 2m"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\ntimeout = \"3m\"", "llm.timeout", "must be between 1s and 2m"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\nbudget = \"2h\"", "llm.budget", "must be between 1s and 1h"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\nmax_calls = 0", "llm.max_calls", "must be between 1 and 10000"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\nredact = \"no\"", "llm.redact", "expected true or false"),
            (
                "base_url = \"https://a.example/v1\"\nmodel = \"m\"\napi_key_env = \"K\"\napi_key_file = \"k\"", "llm.api_key_file",
                "give api_key_env or api_key_file, not both"
            ),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\napi_key_env = \"\"", "llm.api_key_env", "empty variable name"),
            ("base_url = \"https://a.example/v1\"\nmodel = \"m\"\napi_key = \"sk-123\"", "llm.api_key", "unknown key"),
            (
                "base_url = \"https://a.example/v1\"\nmodel = \"m\"\nredact = false", "llm.redact",
                "false is allowed only for an endpoint on this machine (127.0.0.1, localhost, [::1]): it would send e-mail addresses, phone numbers, passcodes and links to a.example"
            ),
        ])
    func errors(lines: String, key: String, message: String) {
        #expect {
            _ = try Self.llm(lines)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "/c/config.toml" && error.key == key && error.message.hasPrefix(message)
        }
    }

    @Test("features.llm needs an [llm] table; the table alone turns nothing on")
    func flagNeedsEndpoint() throws {
        #expect {
            _ = try Self.parse("[features]\nllm = true\n")
        } throws: { error in
            (error as? ConfigError)?.description
                == "/c/config.toml: features.llm: needs an [llm] table with base_url and model (the endpoint to ask)"
        }
        let config = try Self.parse("[llm]\nbase_url = \"http://localhost:8080/v1\"\nmodel = \"m\"\n")
        #expect(!config.features.llm)
        #expect(config.llm?.isLoopback == true)
        #expect(try Self.parse("[features]\nllm = true\n[llm]\nbase_url = \"http://[::1]:8080/v1\"\nmodel = \"m\"\n").features.llm)
    }

    @Test("The documented example's [llm] block, uncommented, with features.llm on, is a valid config")
    func documentedExample() throws {
        let text = try String(contentsOfFile: TOMLPrecheckTests.documented, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "# [llm]"), "config/tidings.toml documents [llm]")
        var index = start
        while index < lines.count, lines[index].hasPrefix("#") {
            lines[index] = String(lines[index].dropFirst(lines[index].hasPrefix("# ") ? 2 : 1))
            index += 1
        }
        let flag = try #require(lines.firstIndex { $0.hasPrefix("llm = false") })
        lines[flag] = "llm = true"
        let config = try Self.parse(lines.joined(separator: "\n"))
        #expect(config.features.llm)
        #expect(config.llm?.baseURL == "http://127.0.0.1:11434/v1")
        #expect(config.llm?.apiKey == .environment("OPENAI_API_KEY"))
        #expect(config.llm?.timeout == 20_000 && config.llm?.budget == 60_000 && config.llm?.maxCalls == 100 && config.llm?.redact == true)
    }
}
