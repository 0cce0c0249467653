import ProgramPlan

Plan.main()
