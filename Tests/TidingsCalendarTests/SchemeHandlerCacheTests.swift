import Foundation
import Testing
import TidingsStore
import TidingsTestSupport
@testable import TidingsCalendar

/// The desktop's answers about app schemes, kept between runs while their files are unchanged.
@Suite struct SchemeHandlerCacheTests {
    @Test("The stamp changes when an app is installed (its applications folder changes) or the desktop changes")
    func stamp() throws {
        let directory = try TemporaryDirectory()
        let applications = directory.file("data/applications")
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        let environment = [
            "HOME": directory.path, "XDG_DATA_HOME": directory.file("data"), "XDG_DATA_DIRS": directory.file("none"),
            "XDG_CONFIG_HOME": directory.file("config"), "XDG_CONFIG_DIRS": directory.file("none"),
        ]
        let before = SchemeHandlers.stamp(environment: environment)
        #expect(SchemeHandlers.stamp(environment: environment) == before)
        Thread.sleep(forTimeInterval: 0.01)
        try directory.write("[Desktop Entry]\nMimeType=x-scheme-handler/zoommtg;\n", to: "data/applications/zoom.desktop")
        let installed = SchemeHandlers.stamp(environment: environment)
        #expect(installed != before)
        #expect(SchemeHandlers.stamp(environment: environment.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 }) != installed)
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
        try db.saveSchemeHandlerAnswers(["zoommtg": true, "msteams": false], stamp: "a", now: 1)
        #expect(try db.schemeHandlerAnswers(stamp: "a") == ["zoommtg": true, "msteams": false])
        #expect(try db.schemeHandlerAnswers(stamp: "b").isEmpty)
        try db.saveSchemeHandlerAnswers(["zoommtg": false], stamp: "b", now: 2)
        #expect(try db.schemeHandlerAnswers(stamp: "b") == ["zoommtg": false])
    }
}
