/// App links written as text in an invitation (`zoommtg://zoom.us/join?confno=…&pwd=…`,
/// `discord://discord.com/channels/…`), turned into the https link of the same meeting.
///
/// The https form is what Tidings offers: it is judged like any other link (host-anchored,
/// meeting-shaped, `LinkPolicy`), and the app form is made again from it only when the app
/// is installed. Other app schemes are ignored, as before.
enum AppLinks {
    /// An app whose links are recognised in text.
    enum App: Equatable {
        case zoom, discord

        /// The `platform` of the service its https links must belong to.
        var platform: String {
            switch self {
            case .zoom: "zoom"
            case .discord: "discord"
            }
        }
    }

    /// The schemes recognised, lower case with their `://`.
    static let schemes: [(prefix: String, app: App)] = [("zoommtg://", .zoom), ("zoomus://", .zoom), ("discord://", .discord)]

    /// The https link of `text`, an app link of `app` (scheme included), or nil.
    static func webURL(of text: String, app: App) -> WebURL? {
        guard let separator = text.range(of: "://") else { return nil }
        let rest = text[separator.upperBound...]
        switch app {
        case .zoom:
            // zoommtg://<host>/join?action=join&confno=<id>&pwd=<passcode>: the meeting is /j/<id>.
            guard let url = WebURL("https://" + rest), url.path.lowercased() == "/join", let id = url.queryValue("confno"),
                (1...13).contains(id.count), id.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            var link = "https://\(url.host)/j/\(id)"
            if let pwd = url.queryValue("pwd"), !pwd.isEmpty, pwd.unicodeScalars.allSatisfy(isSafeQueryScalar) {
                link += "?pwd=\(pwd)"
            }
            return WebURL(link)
        case .discord:
            // Discord's own app links name no host: discord://-/channels/<guild>/<channel>.
            let web = rest.hasPrefix("-/") ? "discord.com" + rest.dropFirst() : rest
            return WebURL("https://" + web)
        }
    }

    private static func isSafeQueryScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~%".unicodeScalars.contains(scalar))
    }
}
