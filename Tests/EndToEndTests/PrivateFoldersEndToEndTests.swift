import Foundation
import Testing
import TidingsTestSupport

/// Every folder Tidings creates is private (0700), whatever the umask it runs under.
@Suite struct PrivateFoldersEndToEndTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("under umask 000, tidings init and plan create the config, state and systemd folders 0700")
    func umaskZero() async throws {
        let folder = try TemporaryDirectory()
        let fakes = try FakePrograms(in: folder)
        try fakes.install("systemctl")
        let runner = ProgramRunner(environment: [
            "TZ": "UTC", "PATH": fakes.path, "HOME": folder.file("home"),
            "XDG_CONFIG_HOME": folder.file("home/.config"), "XDG_STATE_HOME": folder.file("home/.local/state"),
            "XDG_CACHE_HOME": folder.file("home/.cache"),
        ])
        let underUmask = ["sh", "-c", #"umask 000; exec "$0" "$@""#]

        // When init writes the config and the timers, and plan the database (in the default
        // place, then in another), under umask 000
        _ = try await runner.run("tidings", ["init", "--yes", "--timers", "systemd", "--no-test"], prefix: underUmask)
        for extra in [[], ["--db", folder.file("elsewhere/deep/tidings.sqlite")]] {
            let plan = try await runner.run("plan", ["--now", "2026-11-22T06:00"] + extra, prefix: underUmask)
            #expect(plan.status == 0, "\(plan.stderr)")
        }

        // Then every folder they created is 0700
        #expect(FileManager.default.fileExists(atPath: folder.file("home/.config/tidings/config.toml")))
        for name in [
            "home", "home/.config", "home/.config/tidings", "home/.config/systemd", "home/.config/systemd/user",
            "home/.local", "home/.local/state", "home/.local/state/tidings", "elsewhere", "elsewhere/deep",
        ] {
            #expect(Self.mode(folder.file(name)) == 0o700, "\(name): \(String(Self.mode(folder.file(name)), radix: 8))")
        }
        // And the files keep their own modes: the config and the database are the user's alone
        #expect(Self.mode(folder.file("home/.config/tidings/config.toml")) == 0o600)
        #expect(Self.mode(folder.file("elsewhere/deep/tidings.sqlite")) == 0o600)
    }
}
