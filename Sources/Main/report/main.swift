import ProgramReport

ReportCommand.main()
