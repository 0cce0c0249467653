import ProgramPrefetch

Prefetch.main()
