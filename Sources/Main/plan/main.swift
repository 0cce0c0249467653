import Foundation
import ProgramPlan

// A quick run that failed after taking its lock ends here with its status (its error is printed).
if let status = Plan.commandLineRun() { exit(status) }
