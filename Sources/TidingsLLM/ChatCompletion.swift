import Foundation

/// The OpenAI chat-completions wire format, as far as Tidings speaks it.
enum ChatCompletion {
    /// One message of the conversation.
    struct Message: Codable, Equatable, Sendable {
        var role: String
        var content: String
    }

    /// The body of `POST <base_url>/chat/completions`.
    struct Request: Encodable {
        var model: String
        var messages: [Message]
        var temperature = 0.2
        var maxTokens = 300
        var stream = false

        enum CodingKeys: String, CodingKey {
            case model, messages, temperature, stream
            case maxTokens = "max_tokens"
        }

        /// The JSON bytes, keys sorted so that the same request is the same bytes.
        func encoded() -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)).map(Array.init) ?? []
        }
    }

    /// The parts of a response Tidings reads.
    struct Response: Decodable {
        struct Choice: Decodable {
            struct Reply: Decodable {
                var content: String?
            }

            var message: Reply?
            var finishReason: String?

            enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }

        var choices: [Choice]
    }

    /// The assistant's text in `body`, or why there is none.
    static func reply(in body: [UInt8]) -> Result<String, LLMFailure> {
        guard let response = try? JSONDecoder().decode(Response.self, from: Data(body)) else {
            return .failure(.malformed("the response is not a chat completion (JSON with choices)"))
        }
        guard let choice = response.choices.first else { return .failure(.malformed("the response has no choices")) }
        if choice.finishReason == "length" { return .failure(.invalid("the answer was cut off (max_tokens)")) }
        guard let content = choice.message?.content, !content.isEmpty else {
            return .failure(.malformed("the response has no message content"))
        }
        return .success(content)
    }
}

/// The notification an answer proposes, before validation.
struct ProposedText: Decodable, Equatable {
    var title: String
    var body: String

    /// Reads `{"title": …, "body": …}` out of the assistant's `content`, leniently: inside a
    /// ```` ```json ```` fence or with words around it. More than one object, or a list, is more
    /// than one message.
    static func parse(_ content: String) -> Result<ProposedText, LLMFailure> {
        let bytes = Array(content.utf8)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else {
            return .failure(.invalid("the answer is not the JSON object asked for"))
        }
        if let bracket = bytes.firstIndex(of: UInt8(ascii: "[")), bracket < start,
            bytes[bracket...].dropFirst().first(where: { !Self.isSpace($0) }) == UInt8(ascii: "{")
        {
            return .failure(.invalid("the answer holds more than one message"))
        }
        guard let end = endOfObject(bytes, from: start) else {
            return .failure(.invalid("the answer's JSON object is not closed"))
        }
        if bytes[(end + 1)...].contains(UInt8(ascii: "{")) {
            return .failure(.invalid("the answer holds more than one message"))
        }
        guard let text = try? JSONDecoder().decode(ProposedText.self, from: Data(bytes[start...end])) else {
            return .failure(.invalid("the answer's JSON has no \"title\" and \"body\" strings"))
        }
        return .success(text)
    }

    /// The index of the `}` that closes the object opening at `start`, strings skipped.
    private static func endOfObject(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
