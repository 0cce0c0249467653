import Testing
import TidingsTestSupport

@testable import TidingsTimers

/// The crontab block and the systemd units, as text.
@Suite struct TimerTextTests {
    static let commands = ProgramCommand(
        folder: "/opt/tidings/bin", database: "/home/a/db/t.sqlite", config: "cfg/c.toml", currentDirectory: "/home/a")

    @Test("program commands carry absolute --db and --config")
    func programCommand() {
        #expect(Self.commands.command("deliver") == ["/opt/tidings/bin/deliver", "--db", "/home/a/db/t.sqlite", "--config", "/home/a/cfg/c.toml"])
        #expect(ProgramCommand(folder: "/b", database: nil, config: nil).command("plan") == ["/b/plan"])
    }

    @Test("the timers' commands always name the database, and the config only when its file exists")
    func forTimers() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("", to: "config.toml")
        #expect(ProgramCommand.forTimers(folder: "/b", database: "/d/t.sqlite", config: config).flags == ["--db", "/d/t.sqlite", "--config", config])
        #expect(
            ProgramCommand.forTimers(folder: "/b", database: "/d/t.sqlite", config: directory.file("none.toml")).flags == ["--db", "/d/t.sqlite"])
    }

    @Test("the zone and language of the terminal go before each program, quoted; other variables do not")
    func locale() {
        let assignments = ProgramCommand.localeAssignments([
            "LANG": "de_DE.UTF-8", "TZ": "America/New_York", "LC_TIME": "", "LC_MESSAGES": "fr_FR.UTF-8", "HOME": "/home/a",
            "LC_ALL": "bad\nvalue",
        ])
        #expect(assignments == ["TZ=America/New_York", "LANG=de_DE.UTF-8", "LC_MESSAGES=fr_FR.UTF-8"])
        var commands = Self.commands
        commands.environment = ["LANG=de_DE.UTF-8", "TZ=Pacific/Chatham +12:45"]
        #expect(commands.command("plan").prefix(3) == ["/usr/bin/env", "LANG=de_DE.UTF-8", "TZ=Pacific/Chatham +12:45"])
        let block = CrontabBlock.render(commands, logFolder: "/home/a/db")
        #expect(block.contains("* * * * *  /usr/bin/env LANG=de_DE.UTF-8 'TZ=Pacific/Chatham +12:45' /opt/tidings/bin/deliver --db "))
    }

    @Test("the block runs every program with its flags and logs beside the database")
    func block() {
        let block = CrontabBlock.render(Self.commands, logFolder: "/home/a/db")
        let lines = block.split(separator: "\n").map(String.init)
        #expect(lines.first == CrontabBlock.begin)
        #expect(lines.last == CrontabBlock.end)
        let flags = "--db /home/a/db/t.sqlite --config /home/a/cfg/c.toml"
        #expect(
            lines[1]
                == "*/15 * * * *  mkdir -p /home/a/db && /opt/tidings/bin/prefetch \(flags) --due >>/home/a/db/prefetch.log 2>&1; /opt/tidings/bin/plan \(flags) --if-changed >>/home/a/db/plan.log 2>&1"
        )
        #expect(lines[2] == "* * * * *  /opt/tidings/bin/deliver \(flags) >>/home/a/db/deliver.log 2>&1")
        #expect(
            lines[3] == "5 * * * *  /opt/tidings/bin/report \(flags) --format prometheus --output /home/a/db/tidings.prom 2>>/home/a/db/report.log")
    }

    @Test("a % in a path is escaped for cron")
    func percent() {
        let block = CrontabBlock.render(ProgramCommand(folder: "/b", database: "/x/100%/t.sqlite", config: nil), logFolder: "/x/100%")
        #expect(block.contains("--db '/x/100\\%/t.sqlite'"))
        #expect(!block.contains("100%"))
    }

    @Test("installing keeps the user's lines, replaces an earlier block, and changes nothing the second time")
    func installing() {
        let block = CrontabBlock.render(Self.commands, logFolder: "/home/a/db")
        let mine = "MAILTO=a@example.org\n0 3 * * * /usr/bin/backup\n"
        let once = CrontabBlock.installing(block, in: mine)
        #expect(once == mine + "\n" + block)
        #expect(CrontabBlock.installing(block, in: once) == once)

        let old = "# keep\n\(CrontabBlock.begin)\n* * * * * /old/deliver\n\(CrontabBlock.end)\n0 4 * * * /usr/bin/other\n"
        let replaced = CrontabBlock.installing(block, in: old)
        #expect(replaced == "# keep\n" + block + "0 4 * * * /usr/bin/other\n")
        #expect(!replaced.contains("/old/deliver"))
        #expect(CrontabBlock.installing(block, in: "") == block)
    }

    @Test("removing takes out the block and the empty line installing put before it, and nothing else")
    func removing() {
        let block = CrontabBlock.render(Self.commands, logFolder: "/home/a/db")
        let mine = "MAILTO=a@example.org\n0 3 * * * /usr/bin/backup\n"
        let installed = CrontabBlock.installing(block, in: mine)
        #expect(CrontabBlock.contains(installed))
        #expect(CrontabBlock.removing(from: installed) == mine)
        #expect(!CrontabBlock.contains(mine))
        #expect(CrontabBlock.removing(from: mine) == mine)
        #expect(CrontabBlock.removing(from: block) == "")
        // In the middle: the lines after it stay, and so does a blank line the user put before it.
        let middle = "# keep\n\n\(block)0 4 * * * /usr/bin/other\n"
        #expect(CrontabBlock.removing(from: middle) == "# keep\n\n0 4 * * * /usr/bin/other\n")
        // A block without its end line may be followed by the user's lines: left alone.
        let broken = "\(CrontabBlock.begin)\n* * * * * deliver\n0 4 * * * /usr/bin/other\n"
        #expect(CrontabBlock.removing(from: broken) == broken)
    }

    @Test("deliver lines outside the block are found; those inside and commented ones are not")
    func stray() {
        let block = CrontabBlock.render(Self.commands, logFolder: "/home/a/db")
        let crontab = "* * * * * $TIDINGS/deliver\n# * * * * * /x/deliver\n" + block
        #expect(CrontabBlock.strayDeliverLines(in: crontab) == ["* * * * * $TIDINGS/deliver"])
    }

    static let deliverTimer = """
        [Unit]
        Description=Tidings: deliver every minute

        [Timer]
        OnCalendar=*-*-* *:*:00
        Persistent=true
        AccuracySec=1s

        [Install]
        WantedBy=timers.target
        """

    @Test("units get absolute program paths and flags; %h stays for other uses")
    func units() {
        let service =
            "[Service]\nType=oneshot\nExecStart=%h/.local/bin/report --format prometheus --output %S/tidings/tidings.prom\nExecStartPost=%h/.local/bin/plan"
        let commands = ProgramCommand(folder: "/opt/my bin", database: "/d/t.sqlite", config: nil)
        let rendered = SystemdUnits.render(service, commands: commands, exactWakeUps: true)
        #expect(
            rendered == """
                [Service]
                Type=oneshot
                ExecStart="/opt/my bin/report" --db /d/t.sqlite --format prometheus --output %S/tidings/tidings.prom
                ExecStartPost="/opt/my bin/plan" --db /d/t.sqlite
                """)
        #expect(SystemdUnits.quoted("/a/50%$x") == "/a/50%%$$x")
    }

    @Test("a Prometheus folder moves the report's --output, in the crontab line and in the unit; the rest stays")
    func prometheusFile() throws {
        let block = CrontabBlock.render(Self.commands, logFolder: "/home/a/db", prometheusFile: "/var/lib/node exporter/tidings.prom")
        #expect(block.contains("--format prometheus --output '/var/lib/node exporter/tidings.prom' 2>>/home/a/db/report.log\n"), "\(block)")
        #expect(
            block
                == CrontabBlock.render(Self.commands, logFolder: "/home/a/db")
                .replacingOccurrences(of: "--output /home/a/db/tidings.prom", with: "--output '/var/lib/node exporter/tidings.prom'")
                .replacingOccurrences(of: CrontabBlock.begin, with: CrontabBlock.begin + "\n# prometheus-dir: /var/lib/node exporter"))
        // The chosen folder is remembered inside the block, and only there.
        #expect(CrontabBlock.prometheusFolder(in: "MAILTO=a\n" + block) == "/var/lib/node exporter")
        #expect(CrontabBlock.prometheusFolder(in: CrontabBlock.render(Self.commands, logFolder: "/home/a/db")) == nil)
        #expect(CrontabBlock.prometheusFolder(in: "# prometheus-dir: /elsewhere\n") == nil)
        let service = "[Service]\nExecStart=%h/.local/bin/report --format prometheus --output %S/tidings/tidings.prom\n"
        let commands = ProgramCommand(folder: "/b", database: "/d/t.sqlite", config: nil)
        #expect(
            SystemdUnits.render(service, commands: commands, exactWakeUps: false, prometheusFile: "/srv/prom/tidings.prom")
                == "[Service]\n# prometheus-dir: /srv/prom\nExecStart=/b/report --db /d/t.sqlite --format prometheus --output /srv/prom/tidings.prom\n"
        )
        let deliver = "ExecStart=%h/.local/bin/deliver --output x"
        #expect(
            SystemdUnits.render(deliver, commands: commands, exactWakeUps: false, prometheusFile: "/p")
                == "ExecStart=/b/deliver --db /d/t.sqlite --output x")
    }

    @Test("with exact wake-ups the deliver timer is a 15-minute safety net; without, every minute")
    func deliverTimer() {
        let exact = SystemdUnits.render(Self.deliverTimer, commands: Self.commands, exactWakeUps: true)
        #expect(exact.contains("\nOnCalendar=*:0/15\n"))
        #expect(!exact.contains("*:*:00"))
        #expect(exact.contains("Persistent=true"))
        #expect(SystemdUnits.render(Self.deliverTimer, commands: Self.commands, exactWakeUps: false) == Self.deliverTimer)
    }
}
