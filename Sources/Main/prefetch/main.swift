import Foundation
import ProgramPrefetch

// A quick run that failed after taking its lock ends here with its status (its error is printed).
if let status = Prefetch.commandLineRun() { exit(status) }
