import Foundation
import Testing
import TidingsTestSupport

/// scripts/install as a new user runs it: from another folder, a relative prefix, umask 000,
/// and --uninstall afterwards. It installs the programs these tests run (and the manual page
/// generator built beside them, `swift build --product generate-manual`), building nothing.
@Suite(.serialized) struct InstallScriptEndToEndTests {
    static let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let programs = ["prefetch", "plan", "deliver", "report", "tidings"]

    /// A scratch home with a stand-in crontab, and a runner of shell lines in it.
    struct Scratch {
        let folder: TemporaryDirectory
        let fakes: FakePrograms
        let shell: ProgramRunner

        init() throws {
            folder = try TemporaryDirectory()
            fakes = try FakePrograms(in: folder)
            try fakes.install("crontab", stateful: true)
            try FileManager.default.createDirectory(atPath: folder.file("work"), withIntermediateDirectories: true)
            let built = ProgramRunner(environment: [:]).binaries
            shell = ProgramRunner(
                binaries: "/bin",
                environment: [
                    "HOME": folder.file("home"), "XDG_CONFIG_HOME": folder.file("xdg"), "XDG_STATE_HOME": folder.file("state"),
                    "XDG_CACHE_HOME": folder.file("cache"), "PATH": fakes.path, "TIDINGS_INSTALL_FROM": built, "LANG": "C.UTF-8",
                ])
        }

        /// Runs scripts/install with `arguments` from the folder `work` under umask 000.
        func install(_ arguments: [String]) async throws -> ProgramResult {
            try await shell.run(
                "sh",
                [
                    "-c", "umask 000 && cd \"$1\" && shift && exec \"$@\"", "sh", folder.file("work"),
                    InstallScriptEndToEndTests.sourceTree + "/scripts/install",
                ] + arguments)
        }
    }

    /// The mode bits of `path` itself (a link is not followed).
    static func mode(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o7777)
    }

    @Test(
        "under umask 000, from another folder: the relative prefix is taken from there, folders and programs are 0755, data 0644; --uninstall leaves nothing and says what stays"
    )
    func relativePrefixUnderUmask() async throws {
        let scratch = try Scratch()
        let built = ProgramRunner(environment: [:]).binaries
        try #require(
            FileManager.default.isExecutableFile(atPath: built + "/generate-manual"),
            "build the manual page generator beside the programs first: swift build --product generate-manual")
        let result = try await scratch.install(["--prefix", "opt", "--no-build"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let prefix = scratch.folder.file("work/opt")
        #expect(result.stdout.contains("install: installed Tidings in \(prefix): 5 programs"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: Self.sourceTree + "/opt"))
        #expect(!result.stderr.contains("writable by other users"), "\(result.stderr)")

        // Where each thing goes.
        for program in Self.programs {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/" + program) == "../libexec/tidings/tidings")
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/man/man1/\(program).1"))
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/bash-completion/completions/" + program))
        }
        for file in ["tidings.toml", "sample-content.json", "crontab.example", "systemd/tidings-deliver.timer", "installed-files"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/tidings/" + file), "\(file)")
        }
        let help = try await ProgramRunner(binaries: prefix + "/bin", environment: [:]).run("deliver", ["--help"])
        #expect(help.status == 0 && help.stdout.contains("--channel"))

        // The modes, whatever the umask: nothing is writable by others.
        let binary = prefix + "/libexec/tidings/tidings"
        let walker = try #require(FileManager.default.enumerator(atPath: prefix))
        var checked = 0
        #expect(Self.mode(prefix) == 0o755)
        while let relative = walker.nextObject() as? String {
            let path = prefix + "/" + relative
            var info = stat()
            try #require(lstat(path, &info) == 0)
            switch info.st_mode & S_IFMT {
            case S_IFDIR: #expect(Self.mode(path) == 0o755, "\(path)")
            case S_IFREG: #expect(Self.mode(path) == (path == binary ? 0o755 : 0o644), "\(path)")
            default: continue
            }
            checked += 1
        }
        #expect(checked > 50)

        // The manual pages have no empty lines (mdoc warns of each), and a program without
        // subcommands shows none in its synopsis.
        for page in try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/man/man1") {
            let text = try String(contentsOfFile: prefix + "/share/man/man1/" + page, encoding: .utf8)
            #expect(!text.contains("\n\n"), "\(page) has an empty line")
            if ["deliver.1", "plan.1", "prefetch.1", "report.1"].contains(page) {
                let synopsis = text.components(separatedBy: ".Sh SYNOPSIS").last?.components(separatedBy: ".Sh ").first ?? ""
                #expect(!synopsis.contains("subcommand"), "\(page): \(synopsis)")
            }
        }

        // What stays after --uninstall: the timers init installed, the config; and how to remove them.
        try scratch.fakes.setCrontab("# BEGIN Tidings (installed by tidings init; replaced when it runs again)\n* * * * *  deliver\n# END Tidings\n")
        try FileManager.default.createDirectory(atPath: scratch.folder.file("xdg/systemd/user"), withIntermediateDirectories: true)
        try "[Timer]\n".write(toFile: scratch.folder.file("xdg/systemd/user/tidings-deliver.timer"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: scratch.folder.file("xdg/tidings"), withIntermediateDirectories: true)
        let removed = try await scratch.install(["--uninstall", "--prefix=./opt/"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("install: removed "), "\(removed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: prefix), "--uninstall left \(prefix)")
        #expect(removed.stdout.contains("install: left in place, yours: \(scratch.folder.file("xdg/tidings"))"), "\(removed.stdout)")
        #expect(removed.stdout.contains("your crontab still has the Tidings block (it runs deliver every minute); remove it with: crontab -l | sed"))
        #expect(
            removed.stdout.contains(
                "the systemd user timers are still in \(scratch.folder.file("xdg/systemd/user")); remove them with: systemctl --user disable --now"))
    }

    @Test("a prefix holding a newline or a tab is refused before anything is made", arguments: ["a\nb", "tab\there"])
    func controlCharacters(_ name: String) async throws {
        let scratch = try Scratch()
        let result = try await scratch.install(["--prefix", name, "--no-build"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("holds a control character (a newline, a tab); choose a folder without one"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.file("work")).isEmpty)
    }
}
