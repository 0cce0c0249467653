import Crypto
import TidingsCore

extension WebhookBody {
    /// The ntfy sequence id of the notification `id`: `tidings-` and the first 32 hex digits
    /// of its SHA-256. Stable (an update in place and a clear use the same), within ntfy's
    /// `[-_A-Za-z0-9]{1,64}`, and safe in a URL path, whatever the id holds.
    static func ntfySequenceID(_ id: String) -> String {
        let digest = SHA256.hash(data: Array(id.utf8))
        let digits = Array("0123456789abcdef".utf8)
        var out = Array("tidings-".utf8)
        out.reserveCapacity(40)
        for byte in digest.prefix(16) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The request that takes back (deletes) the ntfy notification of `item` under the topic
    /// at `url`: `DELETE <topic url>/<sequence id>`, no body (ntfy 2.16 and later).
    static func ntfyClear(item: Message, url: String) -> WebhookBody {
        WebhookBody(url: ntfySequenceURL(url, sequenceID: ntfySequenceID(item.id)), method: "DELETE", contentType: nil, headers: [], bytes: [])
    }

    /// `<topic url>/<sequence id>`, keeping a query the topic URL has.
    static func ntfySequenceURL(_ url: String, sequenceID: String) -> String {
        let queryStart = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var base = String(url[..<queryStart])
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/" + sequenceID + url[queryStart...]
    }

    /// ntfy's publish headers: the title, priority (the look's for the item's category, else
    /// the default), tags (the look's, else the word for the item's kind), the icon and
    /// Markdown when the look has them, the deep link as click and action (`Join` for a
    /// meeting, as on the desktop; the look's click when the item has none), and the
    /// sequence id that lets an update replace the notification (and a clear delete it).
    static func ntfyHeaders(_ item: Message, look: TidingsConfig.Webhook.NtfyLook) -> [Header] {
        var tags = look.tags ?? [ntfyTag(item.kind)]
        if item.staleness == .stale || item.staleness == .emergency {
            tags.append("warning")
        }
        let priority = look.priorities[item.category] ?? ntfyPriority(item.category)
        var headers = [Header("Title", headerValue(item.title)), Header("Priority", String(priority))]
        if !tags.isEmpty { headers.append(Header("Tags", headerValue(tags.joined(separator: ",")))) }
        if let icon = look.icon { headers.append(Header("Icon", headerValue(icon))) }
        if look.markdown { headers.append(Header("Markdown", "yes")) }
        if let link = item.link.map(headerValue), !link.isEmpty {
            headers.append(Header("Click", link))
            // ntfy splits actions on ';' and fields on ',', and reads a quoted field as one.
            let field = link.contains(where: { $0 == "," || $0 == ";" }) ? "\"\(link)\"" : link
            headers.append(Header("Actions", "view, \(item.primaryAction), \(field)"))
        } else if let click = look.click {
            headers.append(Header("Click", headerValue(click)))
        }
        headers.append(Header("X-Sequence-ID", ntfySequenceID(item.id)))
        return headers
    }

    /// The tag an ntfy message carries when the webhook names none: a word for what the
    /// item is, one that ntfy shows as its emoji (📆 calendar, ⏰ alarm_clock).
    static func ntfyTag(_ kind: NotificationKind) -> String {
        switch kind {
        case .daily: "newspaper"
        case .meeting: "calendar"
        case .weekly: "bar_chart"
        case .schedule: "bell"
        case .digest: "inbox_tray"
        case .insight: "bulb"
        case .reminder: "alarm_clock"
        case .test: "test_tube"
        case .notice: "warning"
        case .push: "rotating_light"
        }
    }

    /// ntfy's message text: the body, or for an item without one its due time (`14:00` in the
    /// zone it was planned in), since ntfy shows an empty message as "triggered".
    static func ntfyMessage(_ item: Message) -> String {
        guard item.body.isEmpty else { return item.body }
        guard let zone = Zone(identifier: item.plannedZone) else { return item.title }
        let second = zone.local(item.dueAt).secondOfDay
        return "\(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
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

    static func slackObject(_ item: Message) -> String {
        // Slack reads `&`, `<` and `>` as markup, so literal ones must be entities.
        var text = "*\(TextSanitizer.escapingMarkup(item.title))*\n\(TextSanitizer.escapingMarkup(item.body))"
        if let link = item.link {
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

    static func discordObject(_ item: Message) -> String {
        var content = "**\(item.title)**\n\(item.body)"
        if let link = item.link {
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
