import TidingsCLI
import TidingsDeliver

extension ChannelFactory {
    /// The channels of this run's config, database and environment.
    convenience init(context: RunContext) {
        self.init(
            config: context.config, databasePath: context.databaseForChildren, localStem: context.localStem, environment: Environment.current,
            programFolder: Places.programFolder, format: .text, zone: context.zone)
    }
}
