import ProgramDeliver
import ProgramPlan
import ProgramPrefetch
import ProgramReport
import ProgramTidings

// The installed programs are one binary under five names: it runs the program it is called
// as, by the last component of argv[0] (`deliver`, `/usr/local/bin/plan`), also with a
// `tidings-` prefix (`tidings-deliver`).
let called = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
let name = called.hasPrefix("tidings-") ? String(called.dropFirst("tidings-".count)) : called
switch name {
case "prefetch": Prefetch.main()
case "plan": Plan.main()
case "deliver": Deliver.main()
case "report": ReportCommand.main()
default: await Tidings.start()
}
