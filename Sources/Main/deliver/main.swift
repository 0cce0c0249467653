import ProgramDeliver

Deliver.main()
