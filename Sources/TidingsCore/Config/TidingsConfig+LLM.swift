extension TidingsConfig {
    /// An OpenAI-compatible chat-completions endpoint that `plan` may ask to write the text of
    /// notifications (`[llm]`, used when `features.llm` is on).
    public struct LLM: Sendable, Equatable {
        /// The API's base URL without a trailing slash (`https://api.example.org/v1`); requests
        /// go to `<base_url>/chat/completions`. `https:`, or `http:` to this machine only.
        public var baseURL: String
        /// The model name the endpoint expects.
        public var model: String
        /// Where the API key is read; nil sends no Authorization header.
        public var apiKey: SecretSource?
        /// Time allowed for one request.
        public var timeout: Int64 = 20_000
        /// Time all requests of one `plan` run may take together; then the rest fall back.
        public var budget: Int64 = 60_000
        /// Most requests in one `plan` run (answers from the cache do not count).
        public var maxCalls = 100
        /// Replace e-mail addresses, phone numbers, passcodes and links by placeholders before
        /// anything is sent; only a loopback endpoint may turn it off.
        public var redact = true

        /// Timeouts allowed for one request.
        public static let timeoutRange: ClosedRange<Int64> = 1000...120_000
        /// Budgets allowed for one run.
        public static let budgetRange: ClosedRange<Int64> = 1000...3_600_000
        /// Request counts allowed for one run.
        public static let maxCallsRange = 1...10_000

        /// An endpoint with the default limits.
        public init(baseURL: String, model: String) {
            self.baseURL = baseURL
            self.model = model
        }

        /// Whether the endpoint is on this machine, where unredacted text may go.
        public var isLoopback: Bool {
            SourceURL.host(of: baseURL).map(SourceURL.isLoopback) ?? false
        }

        /// Reads the keys of `[llm]`; `directory` resolves a relative `api_key_file`.
        static func parse(_ table: inout TOMLReader, directory: String) throws(ConfigError) -> LLM {
            guard var baseURL = try table.string("base_url") else { throw table.error("base_url", "missing") }
            while baseURL.hasSuffix("/") { baseURL.removeLast() }
            guard let scheme = LinkPolicy.scheme(of: baseURL), scheme == "https" || scheme == "http" else {
                throw table.error("base_url", "an LLM endpoint needs https: (or http: to this machine), found \(ConfigError.quoted(baseURL))")
            }
            if let problem = SourceURL.problem(baseURL) { throw table.error("base_url", problem) }
            let authority = baseURL.drop { $0 != "/" }.dropFirst(2).prefix { $0 != "/" }
            guard !authority.contains("@") else {
                throw table.error("base_url", "give no user name or password in the URL (a key goes in api_key_env or api_key_file)")
            }
            guard !baseURL.contains("?"), !baseURL.contains("#") else {
                throw table.error("base_url", "give the API's base URL without a query or fragment (a key goes in api_key_env or api_key_file)")
            }
            guard let model = try table.string("model") else { throw table.error("model", "missing") }
            guard !model.isEmpty, !model.unicodeScalars.contains(where: \.isSpaceOrControl) else {
                throw table.error("model", "expected a model name such as \"llama3.2\", found \(ConfigError.quoted(model))")
            }
            var llm = LLM(baseURL: baseURL, model: model)
            llm.apiKey = try SecretSource.parse(&table, env: "api_key_env", file: "api_key_file", directory: directory)
            if let timeout = try table.duration("timeout") {
                guard timeoutRange.contains(timeout) else { throw table.error("timeout", "must be between 1s and 2m") }
                llm.timeout = timeout
            }
            if let budget = try table.duration("budget") {
                guard budgetRange.contains(budget) else { throw table.error("budget", "must be between 1s and 1h") }
                llm.budget = budget
            }
            if let maxCalls = try table.int("max_calls") {
                guard maxCallsRange.contains(maxCalls) else { throw table.error("max_calls", "must be between 1 and 10000") }
                llm.maxCalls = maxCalls
            }
            if let redact = try table.bool("redact") {
                guard redact || llm.isLoopback else {
                    throw table.error(
                        "redact",
                        "false is allowed only for an endpoint on this machine (127.0.0.1, localhost, [::1]): "
                            + "it would send e-mail addresses, phone numbers, passcodes and links to \(SourceURL.host(of: baseURL) ?? baseURL)")
                }
                llm.redact = redact
            }
            return llm
        }
    }
}
