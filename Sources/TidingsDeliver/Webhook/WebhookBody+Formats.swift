import TidingsCore
import TidingsStore

extension WebhookBody {
    /// ntfy's publish headers: the title, priority, tags and the deep link as click and action.
    static func ntfyHeaders(_ item: NotificationRecord) -> [Header] {
        var tags = [item.category.description]
        if item.staleness == .stale || item.staleness == .emergency {
            tags.append("warning")
        }
        var headers = [
            Header("Title", headerValue(item.title)),
            Header("Priority", String(ntfyPriority(item.category))),
            Header("Tags", headerValue(tags.joined(separator: ","))),
        ]
        if let link = item.deepLink.map(headerValue), !link.isEmpty {
            headers.append(Header("Click", link))
            // ntfy splits actions on ';' and fields on ',', and reads a quoted field as one.
            let field = link.contains(where: { $0 == "," || $0 == ";" }) ? "\"\(link)\"" : link
            headers.append(Header("Actions", "view, View, \(field)"))
        }
        return headers
    }

    /// ntfy's scale runs 1–5; 5 overrides do-not-disturb on Android, so only transactional gets it.
    static func ntfyPriority(_ category: Category) -> Int {
        switch category {
        case .transactional: 5
        case .system, .social: 3
        case .marketing: 2
        }
    }

    /// `text` as a single-line header value: control and line-separator characters become spaces.
    static func headerValue(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            let isSeparator = scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
            out.append(isControl || isSeparator ? " " : scalar)
        }
        return String(out).trimmedSpaces()
    }

    static func slackObject(_ item: NotificationRecord) -> String {
        // Slack reads `&`, `<` and `>` as markup, so literal ones must be entities.
        var text = "*\(TextSanitizer.escapingMarkup(item.title))*\n\(TextSanitizer.escapingMarkup(item.body))"
        if let link = item.deepLink {
            text += "\n<\(slackLink(link))|View>"
        }
        var json = JSONLine()
        json.add("text", text)
        return json.string
    }

    /// A URL that cannot end Slack's `<url|label>` early: `<`, `>` and `|` percent-encoded.
    static func slackLink(_ url: String) -> String {
        var out = ""
        for character in url {
            switch character {
            case "<": out += "%3C"
            case ">": out += "%3E"
            case "|": out += "%7C"
            default: out.append(character)
            }
        }
        return out
    }

    static func discordObject(_ item: NotificationRecord) -> String {
        var content = "**\(item.title)**\n\(item.body)"
        if let link = item.deepLink {
            content += "\n\(link)"
        }
        var mentions = JSONLine()
        // An empty parse list turns off every mention, so "@everyone" in a headline cannot ping.
        mentions.add("parse", json: jsonArray([]))
        var json = JSONLine()
        json.add("content", content)
        json.add("allowed_mentions", json: mentions.string)
        return json.string
    }
}

extension String {
    fileprivate func trimmedSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
