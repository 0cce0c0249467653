import Foundation
import Testing
import TidingsStore
import TidingsTestSupport

@testable import TidingsLinks

/// The desktop's answers about app schemes, kept between runs while their files are unchanged.
@Suite struct SchemeHandlerCacheTests {
    @Test("A missing xdg-mime gives no answer to keep, only a no for this process")
    func missNotKept() {
        #expect(SchemeHandlers.query("zoommtg", command: ["/nonexistent/xdg-mime"], deadline: 1) == nil)
    }

    @Test("The stamp changes when an app is installed (its applications folder or a subfolder changes) or the desktop changes")
    func stamp() throws {
        let directory = try TemporaryDirectory()
        let applications = directory.file("data/applications")
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let environment = [
            "HOME": directory.path, "XDG_DATA_HOME": directory.file("data"), "XDG_DATA_DIRS": directory.file("none"),
            "XDG_CONFIG_HOME": directory.file("config"), "XDG_CONFIG_DIRS": directory.file("none"),
        ]
        // Folders dated long ago: a change dates them now, whatever the clock's granularity.
        try Self.backdate(applications)
        let before = SchemeHandlers.stamp(environment: environment)
        #expect(SchemeHandlers.stamp(environment: environment) == before)
        try directory.write("[Desktop Entry]\nMimeType=x-scheme-handler/zoommtg;\n", to: "data/applications/zoom.desktop")
        let installed = SchemeHandlers.stamp(environment: environment)
        #expect(installed != before)
        // Apps in a vendor subfolder count too.
        try FileManager.default.createDirectory(atPath: applications + "/vendor", withIntermediateDirectories: true)
        try Self.backdate(applications + "/vendor")
        let withVendor = SchemeHandlers.stamp(environment: environment)
        try directory.write("[Desktop Entry]\n", to: "data/applications/vendor/teams.desktop")
        #expect(SchemeHandlers.stamp(environment: environment) != withVendor)
        #expect(SchemeHandlers.stamp(environment: environment.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 }) != installed)
    }

    /// Sets `path`'s modification time to 2001, so that any change to it shows.
    private static func backdate(_ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: path)
    }

    @Test("A remembered answer is used without asking xdg-mime, and is not reported as asked")
    func remembered() {
        SchemeHandlers.remember("x-tidings-remembered", installed: true)
        #expect(SchemeHandlers.installed("x-tidings-remembered"))
        #expect(SchemeHandlers.asked()["x-tidings-remembered"] == nil)
    }

    @Test("likelySchemes: the app schemes of the services a calendar mentions, case-insensitively")
    func likely() {
        #expect(SchemeHandlers.likelySchemes(in: "LOCATION:https://ACME.Zoom.US/j/1") == ["zoommtg"])
        #expect(Set(SchemeHandlers.likelySchemes(in: "teams.microsoft.com and meet.jit.si")) == ["msteams", "jitsi-meet"])
        #expect(SchemeHandlers.likelySchemes(in: "no links at all").isEmpty)
    }

    @Test("The database keeps the answers under their stamp; another stamp finds none")
    func stored() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database()
        try db.saveSchemeHandlerAnswers(["zoommtg": true, "msteams": false], stamp: "a", now: 100)
        #expect(try db.schemeHandlerAnswers(stamp: "a", since: 100) == ["zoommtg": true, "msteams": false])
        #expect(try db.schemeHandlerAnswers(stamp: "a", since: 101).isEmpty, "too old: asked again")
        #expect(try db.schemeHandlerAnswers(stamp: "b", since: 0).isEmpty)
        try db.saveSchemeHandlerAnswers(["zoommtg": false], stamp: "b", now: 200)
        #expect(try db.schemeHandlerAnswers(stamp: "b", since: 0) == ["zoommtg": false])
    }
}
