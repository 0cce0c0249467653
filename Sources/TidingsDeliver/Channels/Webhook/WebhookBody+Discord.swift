import Foundation
import TidingsCore

/// Discord webhooks can edit and delete the messages they posted
/// (https://discord.com/developers/docs/resources/webhook): a post with `?wait=true` answers
/// with the message, whose `id` Tidings keeps in the delivery's platform info; an update in
/// place is `PATCH <webhook url>/messages/<id>` and a clear `DELETE <webhook url>/messages/<id>`.
/// A query the webhook URL has (`thread_id`) is kept on all three.
extension WebhookBody {
    /// The post of a first send: the webhook URL with `wait=true` added to its query, so
    /// Discord answers with the message it created.
    static func discordPostURL(_ url: String) -> String {
        let (base, query) = splitQuery(url)
        let kept = query.filter { !$0.hasPrefix("wait=") }
        return base + "?" + (kept + ["wait=true"]).joined(separator: "&")
    }

    /// `<webhook url>/messages/<message id>`, keeping the query but `wait`.
    static func discordMessageURL(_ url: String, messageID: String) -> String {
        var (base, query) = splitQuery(url)
        while base.hasSuffix("/") { base.removeLast() }
        let kept = query.filter { !$0.hasPrefix("wait=") }
        return base + "/messages/" + messageID + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The edit of the message `messageID` to show `item`.
    static func discordEdit(item: Message, url: String, messageID: String) -> WebhookBody {
        WebhookBody(
            url: discordMessageURL(url, messageID: messageID), method: "PATCH", contentType: "application/json", headers: [],
            bytes: Array(discordObject(item).utf8))
    }

    /// The deletion of the message `messageID`, without a body.
    static func discordDelete(url: String, messageID: String) -> WebhookBody {
        WebhookBody(url: discordMessageURL(url, messageID: messageID), method: "DELETE", contentType: nil, headers: [], bytes: [])
    }

    /// The message id in Discord's answer to a post with `wait=true` (a snowflake: digits
    /// only), or nil when the answer holds none.
    static func discordMessageID(inResponse body: [UInt8]) -> String? {
        struct Message: Decodable { var id: String }
        return (try? JSONDecoder().decode(Message.self, from: Data(body))).map(\.id).flatMap(validMessageID)
    }

    /// The message id a delivery's platform info kept, or nil.
    static func discordMessageID(inPlatformInfo info: String) -> String? {
        struct Kept: Decodable { var message: String? }
        return (try? JSONDecoder().decode(Kept.self, from: Data(info.utf8)))?.message.flatMap(validMessageID)
    }

    /// Only digits go into a URL path: a hostile answer cannot steer the edit elsewhere.
    private static func validMessageID(_ id: String) -> String? {
        !id.isEmpty && id.count <= 32 && id.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) ? id : nil
    }

    /// The URL before `?` and its query's `&`-separated parts (a fragment is dropped).
    private static func splitQuery(_ url: String) -> (base: String, query: [String]) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, []) }
        let query = withoutFragment[withoutFragment.index(after: mark)...].split(separator: "&").map(String.init)
        return (String(withoutFragment[..<mark]), query)
    }
}
