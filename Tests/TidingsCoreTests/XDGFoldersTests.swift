import Testing

@testable import TidingsCore

@Suite struct XDGFoldersTests {
    @Test("Absolute XDG variables are taken as they are")
    func absoluteVariables() {
        let folders = XDGFolders(environment: [
            "HOME": "/home/a", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k",
            "XDG_CONFIG_DIRS": "/etc/one:/etc/two", "XDG_DATA_DIRS": "/share",
        ])
        #expect([folders.configHome, folders.dataHome, folders.stateHome, folders.cacheHome] == ["/c", "/d", "/s", "/k"])
        #expect(folders.configSearch == ["/c", "/etc/one", "/etc/two"])
        #expect(folders.dataSearch == ["/d", "/share"])
    }

    @Test("Unset, empty and relative variables give the defaults under HOME", arguments: [nil, "", "relative/path"])
    func defaults(value: String?) {
        var environment = ["HOME": "/home/a"]
        for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] { environment[name] = value }
        let folders = XDGFolders(environment: environment)
        #expect(folders.configHome == "/home/a/.config")
        #expect(folders.dataHome == "/home/a/.local/share")
        #expect(folders.stateHome == "/home/a/.local/state")
        #expect(folders.cacheHome == "/home/a/.cache")
    }

    @Test("The folder lists keep their absolute entries; unset or empty they are the defaults")
    func lists() {
        #expect(XDGFolders(environment: [:]).configDirs == ["/etc/xdg"])
        #expect(XDGFolders(environment: ["XDG_DATA_DIRS": ""]).dataDirs == ["/usr/local/share", "/usr/share"])
        #expect(XDGFolders(environment: ["XDG_DATA_DIRS": "rel:/usr/share::"]).dataDirs == ["/usr/share"])
    }
}
