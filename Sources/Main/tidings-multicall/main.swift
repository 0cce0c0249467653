import Foundation
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
/// Ends the process with `status`, that of a quick run that failed after taking its lock
/// (its error is printed); nil: the run is done.
func end(_ status: Int32?) {
    if let status { exit(status) }
}

switch name {
case "prefetch": end(Prefetch.commandLineRun())
case "plan": end(Plan.commandLineRun())
case "deliver": end(Deliver.commandLineRun())
case "report": ReportCommand.main()
default: await Tidings.start()
}
