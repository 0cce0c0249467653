/// What an SMTP reply means, from its codes alone: the reason shown for a reply whose text is
/// not kept (one to the AUTH exchange or a later command, which may echo the login).
enum SMTPReplyReason {
    /// `authentication refused (5.7.8)`: the meaning of the enhanced status code (RFC 3463)
    /// when it is a known one, else of the reply code (RFC 5321, RFC 4954), with the enhanced
    /// code in brackets when there is one.
    static func phrase(code: Int, enhanced: String?) -> String {
        let subject = enhanced.map { $0.split(separator: ".").dropFirst().joined(separator: ".") }
        let meaning =
            subject.flatMap { enhancedMeanings[$0] } ?? codeMeanings[code]
            ?? (code < 500 ? "temporary failure" : "refused")
        return enhanced.map { "\(meaning) (\($0))" } ?? meaning
    }

    /// RFC 3463's subject.detail codes, without the class.
    static let enhancedMeanings: [String: String] = [
        "1.1": "bad destination mailbox address",
        "1.2": "bad destination system address",
        "1.3": "bad destination mailbox address syntax",
        "1.7": "bad sender's mailbox address syntax",
        "1.8": "bad sender's system address",
        "2.1": "mailbox disabled",
        "2.2": "mailbox full",
        "3.4": "message too big",
        "4.7": "delivery time expired",
        "5.3": "too many recipients",
        "7.0": "refused by the server's policy",
        "7.1": "delivery not authorized",
        "7.8": "authentication refused",
        "7.9": "authentication mechanism too weak",
        "7.11": "encryption required",
        "7.12": "password transition needed",
    ]

    /// RFC 5321's and RFC 4954's reply codes.
    static let codeMeanings: [Int: String] = [
        421: "service not available",
        432: "password transition needed",
        450: "mailbox unavailable",
        451: "local error in processing",
        452: "insufficient storage",
        454: "temporary authentication failure",
        500: "command not recognized",
        501: "syntax error in parameters",
        502: "command not implemented",
        503: "bad sequence of commands",
        504: "parameter not implemented",
        530: "authentication required",
        534: "authentication mechanism too weak",
        535: "authentication refused",
        538: "encryption required for the authentication mechanism",
        550: "mailbox unavailable",
        551: "user not local",
        552: "storage exceeded",
        553: "mailbox name not allowed",
        554: "transaction failed",
        555: "parameters not recognized",
    ]
}
