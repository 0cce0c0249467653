import ProgramTidings

await Tidings.start()
