import Foundation
import ProgramDeliver

// A quick run that failed after taking its lock ends here with its status (its error is printed).
if let status = Deliver.commandLineRun() { exit(status) }
