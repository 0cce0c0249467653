import TidingsCore
import TidingsPlan
import TidingsStore

/// How inbox items look on the terminal and in a status bar.
enum InboxView {
    /// One inbox item; a meeting reminder's countdown says what it said when it was sent.
    static func line(_ item: InboxItem, format: Tidings.Inbox.InboxFormat, zone: Zone) -> String {
        let notification = item.notification.countdownFilled(at: item.deliveredAt)
        switch format {
        case .json, .waybar:
            var json = JSONLine()
            json.add("id", notification.id)
            json.add("title", notification.title)
            json.add("body", notification.body)
            json.add("deepLink", notification.deepLink)
            json.add("deliveredAt", ISOTime.format(item.deliveredAt, in: zone))
            json.add("engagement", item.engagement)
            json.add("unread", item.unread)
            return json.string
        case .text:
            let (date, second) = zone.local(item.deliveredAt)
            let time = "\(date) \(LocalDate.pad(second / 3600, 2)):\(LocalDate.pad(second / 60 % 60, 2))"
            let mark = item.unread ? "●" : " "
            var line = "\(mark) \(time)  \(notification.id)  \(notification.title) — \(notification.body)"
            if let link = notification.deepLink { line += "  <\(link)>" }
            return line
        }
    }

    /// waybar's custom-module JSON: `text` (the count, empty at zero), `tooltip` (the latest
    /// titles), `class` and `alt` (`unread` or `empty`) for styling.
    static func waybar(unread: Int, latest: [InboxItem]) -> String {
        var json = JSONLine()
        json.add("text", unread == 0 ? "" : String(unread))
        let titles = latest.prefix(5).map { "• \($0.notification.title)" }
        json.add("tooltip", unread == 0 ? "No unread notifications" : (["\(unread) unread"] + titles).joined(separator: "\n"))
        json.add("class", unread == 0 ? "empty" : "unread")
        json.add("alt", unread == 0 ? "empty" : "unread")
        return json.string
    }
}
