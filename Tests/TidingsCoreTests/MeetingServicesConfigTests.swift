import Testing
import TidingsCore

/// `[[meetings.services]]`: the user's own meeting hosts and path shapes.
@Suite struct MeetingServicesConfigTests {
    static func parse(_ text: String) throws(ConfigError) -> TidingsConfig {
        try TidingsConfig.parse(toml: text, file: "/etc/tidings/config.toml", directory: "/etc/tidings")
    }

    static func error(_ entry: String) -> String {
        do {
            _ = try parse("[[meetings.services]]\n" + entry)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("entries are kept in order with their hosts and shapes")
    func parsed() throws {
        let config = try Self.parse(
            """
            [meetings]
            lead_time = "5m"
            [[meetings.services]]
            name = "Acme Jitsi"
            hosts = ["meet.acme.org"]
            paths = ["/{room}"]
            [[meetings.services]]
            name = "Campus BigBlueButton"
            hosts = ["*.bbb.uni.example", "bbb.uni.example"]
            paths = ["/b/{code}", "/rooms/{code}/join"]
            """)
        #expect(
            config.meetings.services == [
                .init(name: "Acme Jitsi", hosts: ["meet.acme.org"], paths: ["/{room}"]),
                .init(name: "Campus BigBlueButton", hosts: ["*.bbb.uni.example", "bbb.uni.example"], paths: ["/b/{code}", "/rooms/{code}/join"]),
            ])
        #expect(config.meetings.leadTimes == [5 * 60_000])
    }

    @Test(
        "what cannot be a service is an error naming the key",
        arguments: [
            ("hosts = [\"meet.acme.org\"]\npaths = [\"/{room}\"]", "meetings.services[0].name", "missing"),
            ("name = \"A\"\npaths = [\"/{room}\"]", "hosts", "at least one host"),
            ("name = \"A\"\nhosts = [\"https://meet.acme.org\"]\npaths = [\"/{room}\"]", "hosts[0]", "no scheme"),
            ("name = \"A\"\nhosts = [\"Meet.Acme.org\"]\npaths = [\"/{room}\"]", "hosts[0]", "lower case"),
            ("name = \"A\"\nhosts = [\"localhost\"]\npaths = [\"/{room}\"]", "hosts[0]", "expected a host name"),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]", "paths", "at least one path shape"),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]\npaths = [\"room\"]", "paths[0]", "must start with \"/\""),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]\npaths = [\"/join\"]", "paths[0]", "a fixed path is not a meeting"),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]\npaths = [\"/{name}\"]", "paths[0]", "found \"{name}\""),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]\npaths = [\"/b//{room}\"]", "paths[0]", "found \"\""),
            ("name = \"A\"\nhosts = [\"meet.acme.org\"]\npaths = [\"/{room}\"]\nnative = \"x\"", "native", "unknown key"),
        ])
    func refused(entry: String, key: String, problem: String) {
        let message = Self.error(entry)
        #expect(message.contains(key) && message.contains(problem), "\(message)")
    }

    @Test("two services may not share a name")
    func repeatedName() {
        let entry = "name = \"Acme\"\nhosts = [\"meet.acme.org\"]\npaths = [\"/{room}\"]\n"
        let message = Self.error(entry + "[[meetings.services]]\n" + entry.replacingOccurrences(of: "Acme", with: "acme"))
        #expect(message.contains("meetings.services[1].name") && message.contains("names another service already"), "\(message)")
    }
}
