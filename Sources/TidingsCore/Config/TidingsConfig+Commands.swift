extension TidingsConfig {
    /// One command target: a program that gets each item as a JSON object on its standard input.
    public struct Command: Sendable, Equatable {
        /// A unique name; routes say `command:NAME`.
        public var name: String
        /// The program and its arguments, run as they are (no shell unless it names one).
        public var argv: [String]
        /// Time allowed for one run; past it the program and its process group are killed.
        public var timeout: Int64 = 10_000
        /// Attempts before an item fails on this command.
        public var maxAttempts = 5
        /// Where an item goes when it finally fails here (stdout, desktop or inbox); nil: nowhere.
        public var fallback: ChannelName? = .inbox
        /// Variables of `deliver`'s environment passed on to the program besides the clean
        /// environment every command gets (a token it needs).
        public var env: [String] = []

        /// The shortest and longest `timeout` accepted.
        public static let timeoutRange: ClosedRange<Int64> = 100...600_000

        /// A command with defaults for the optional settings.
        public init(name: String, argv: [String]) {
            self.name = name
            self.argv = argv
        }

        /// Reads every `[[commands]]` table; no two may share a name.
        static func parseAll(_ root: inout TOMLReader) throws(ConfigError) -> [Command] {
            let commands = try root.tables("commands") { table throws(ConfigError) in try parse(&table) }
            try root.rejectRepeatedNames(commands.map(\.name), in: "commands", entry: "command")
            return commands
        }

        /// Whether `name` is an environment variable's name: ASCII letters, digits and `_`,
        /// not starting with a digit.
        static func isVariableName(_ name: String) -> Bool {
            guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
            return name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
        }

        /// Reads one `[[commands]]` table: `name`, `argv`, `env`, `timeout`, `max_attempts` and `fallback`.
        private static func parse(_ table: inout TOMLReader) throws(ConfigError) -> Command {
            let name = try table.entryName()
            guard let argv = try table.strings("argv") else {
                throw table.error("argv", "missing; give the program and its arguments, e.g. [\"espeak\", \"-v\", \"en\"]")
            }
            guard let program = argv.first else { throw table.error("argv", "empty; give at least the program") }
            guard !program.isEmpty else { throw table.error("argv[0]", "empty; give the program's name or path") }
            if let index = argv.firstIndex(where: { $0.contains("\u{0}") }) {
                throw table.error("argv[\(index)]", "contains a NUL character")
            }
            var command = Command(name: name, argv: argv)
            if let timeout = try table.duration("timeout") {
                guard timeoutRange.contains(timeout) else { throw table.error("timeout", "must be between 100ms and 10m") }
                command.timeout = timeout
            }
            if let attempts = try table.int("max_attempts") {
                guard (1...20).contains(attempts) else { throw table.error("max_attempts", "must be between 1 and 20") }
                command.maxAttempts = attempts
            }
            if let names = try table.strings("env") {
                for (index, name) in names.enumerated() where !isVariableName(name) {
                    throw table.error(
                        "env[\(index)]", "\(ConfigError.quoted(name)) is not a variable name: letters, digits and _, not starting with a digit")
                }
                command.env = names
            }
            if let text = try table.string("fallback") {
                switch ChannelName(text) {
                case .stdout?, .desktop?, .inbox?: command.fallback = ChannelName(text)
                case nil where text == "none": command.fallback = nil
                default: throw table.error("fallback", "expected inbox, desktop, stdout or none, found \(ConfigError.quoted(text))")
                }
            }
            return command
        }
    }
}
