// swift-tools-version: 6.1
import PackageDescription

/// swift-argument-parser, which the programs and TidingsCLI import.
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "Tidings",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "prefetch", targets: ["prefetch"]),
        .executable(name: "plan", targets: ["plan"]),
        .executable(name: "deliver", targets: ["deliver"]),
        .executable(name: "report", targets: ["report"]),
        .executable(name: "tidings", targets: ["tidings"]),
        .executable(name: "tidings-multicall", targets: ["tidings-multicall"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
        // swift-subprocess's own dependency, named here since TidingsProcess imports it (its
        // file descriptors and errnos); the version swift-subprocess resolves.
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        // C libraries
        // libcurl's and libical's headers (Debian's libcurl4-openssl-dev and libical-dev) and
        // shims that load each library on first use; nothing links them.
        .target(name: "CCurl"),
        .target(name: "CICal"),
        // libpq, loaded on first use like libcurl; its few declarations are written by hand,
        // so that building needs no libpq-dev.
        .target(name: "CLibPQ"),
        // Foundation's ICU data trimmed to what Tidings uses (scripts/icu-data writes it): the
        // release programs carry it in place of the toolchain's full 34 MB. Only release
        // builds, which link Foundation statically, define the symbol.
        .target(
            name: "CICUData", exclude: ["data"],
            cSettings: [.define("TIDINGS_TRIMMED_ICU_DATA", .when(configuration: .release))]
        ),

        // Base libraries, which every stage may use and which use no stage: the model, config,
        // time and XDG folders (no I/O); the database; spawning (bounded runs with deadlines,
        // detached children, the PATH lookup); the libcurl client; meeting links.
        .target(name: "TidingsCore", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        .target(
            name: "TidingsStore",
            dependencies: [
                "TidingsCore", "TidingsPostgres", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "TidingsProcess",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "TidingsHTTP", dependencies: ["CCurl"]),
        // The PostgreSQL client over libpq: connections, statements with parameters,
        // transactions, advisory locks.
        .target(name: "TidingsPostgres", dependencies: ["CLibPQ"]),
        // Meeting links (the services, the mail redirectors, the app forms) and whether the
        // desktop has an app for a URL scheme: TidingsProcess gives it the PATH lookup and the
        // KDE `xdg-mime` question.
        .target(name: "TidingsLinks", dependencies: ["TidingsCore", "TidingsProcess"]),

        // Libraries, one per stage: each uses the base libraries and no other stage's library,
        // except where a comment says why. None uses TidingsCLI.
        // prefetch validates the calendars it fetches with TidingsCalendar.
        .target(name: "TidingsFetch", dependencies: ["TidingsCore", "TidingsStore", "TidingsHTTP", "TidingsCalendar"]),
        .target(name: "TidingsCalendar", dependencies: ["TidingsCore", "CICal"]),
        // The content generator: its protocol and the template implementation (no I/O).
        .target(name: "TidingsGenerate", dependencies: ["TidingsCore"]),
        // plan expands calendars into meeting reminders (TidingsCalendar) and words its
        // notifications through the generator protocol and the templates (TidingsGenerate);
        // the plan program chooses the LLM's generator and passes it in.
        .target(
            name: "TidingsPlan",
            dependencies: ["TidingsCore", "TidingsStore", "TidingsLinks", "TidingsCalendar", "TidingsGenerate"]
        ),
        // Deliver fills a meeting reminder's countdown slot from its language's phrase table
        // (TidingsGenerate, which uses only Core) at the moment of sending.
        .target(
            name: "TidingsDeliver",
            dependencies: [
                "TidingsCore", "TidingsStore", "TidingsHTTP", "TidingsProcess", "TidingsGenerate",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "TidingsReport", dependencies: ["TidingsCore", "TidingsStore"]),
        // The LLM writer is a generator: it implements TidingsGenerate's protocol.
        .target(
            name: "TidingsLLM",
            dependencies: [
                "TidingsCore", "TidingsStore", "TidingsHTTP", "TidingsGenerate", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Plain values in (paths, flags, the zone, the clock): TidingsCLITimers builds them from a run.
        .target(name: "TidingsTimers", dependencies: ["TidingsCore", "TidingsStore", "TidingsProcess"]),
        // The doctor checks every stage's work: the channels (TidingsDeliver), the wake-ups
        // and timers (TidingsTimers), and the language the text is written in (TidingsGenerate).
        .target(
            name: "TidingsDoctor",
            dependencies: ["TidingsCore", "TidingsStore", "TidingsDeliver", "TidingsTimers", "TidingsGenerate", "TidingsLinks"]),

        // Above the stages, under the programs: the run context, the shared options, exit
        // codes, the command shape. It uses no stage library.
        .target(
            name: "TidingsCLI",
            dependencies: ["TidingsCore", "TidingsPostgres", "TidingsStore", "TidingsHTTP", argumentParser]
        ),
        // The glue that builds TidingsTimers' plain values from a run (the programs beside
        // this one, the next wake-up, tidings init's setup), for the three programs that arm
        // wake-ups: plan, deliver and tidings.
        .target(name: "TidingsCLITimers", dependencies: ["TidingsCLI", "TidingsCore", "TidingsStore", "TidingsTimers"]),

        // The fuzz targets: scripts/fuzz builds it with libFuzzer (--sanitize=fuzzer -DFUZZING);
        // a plain build replays inputs through the same code, for the regression tests.
        .executableTarget(
            name: "tidings-fuzz", dependencies: ["TidingsCore", "TidingsCalendar", "TidingsLinks", "TidingsFetch"], path: "Sources/tidings-fuzz"),

        // Programs: argument parsing only, each in a library of its own, so that the five
        // programs of a development build stay small and the installed multi-call binary
        // holds them all. deliver's idle check (DeliverStart) is deliver's own, and tidings
        // init's first run tidings's. Each lists exactly the modules it imports.
        .target(name: "ProgramPrefetch", dependencies: [argumentParser, "TidingsCLI", "TidingsCore", "TidingsFetch", "TidingsStore"]),
        .target(
            name: "ProgramPlan",
            dependencies: [
                argumentParser, "TidingsCLI", "TidingsCLITimers", "TidingsCore", "TidingsGenerate", "TidingsLLM", "TidingsPlan", "TidingsStore",
                "TidingsTimers",
            ]
        ),
        .target(
            name: "ProgramDeliver",
            dependencies: [argumentParser, "TidingsCLI", "TidingsCLITimers", "TidingsCore", "TidingsDeliver", "TidingsStore", "TidingsTimers"]
        ),
        .target(name: "ProgramReport", dependencies: [argumentParser, "TidingsCLI", "TidingsCore", "TidingsReport", "TidingsStore"]),
        .target(
            name: "ProgramTidings",
            dependencies: [
                argumentParser, "TidingsCLI", "TidingsCLITimers", "TidingsCalendar", "TidingsCore", "TidingsDeliver", "TidingsDoctor",
                "TidingsGenerate", "TidingsLinks", "TidingsPlan", "TidingsPostgres", "TidingsProcess", "TidingsStore", "TidingsTimers",
            ]
        ),
        .executableTarget(name: "prefetch", dependencies: ["ProgramPrefetch", "CICUData"], path: "Sources/Main/prefetch"),
        .executableTarget(
            name: "plan", dependencies: ["ProgramPlan", "CICUData"], path: "Sources/Main/plan",
            // Position-dependent, like deliver: plan runs from a timer too, and its start-up
            // relocations are a good part of a small run.
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "deliver", dependencies: ["ProgramDeliver", "CICUData"], path: "Sources/Main/deliver",
            // deliver runs every minute: as a position-dependent executable it skips about
            // 90,000 start-up relocations (3 MiB of memory touched) that a static PIE applies.
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]
        ),
        .executableTarget(name: "report", dependencies: ["ProgramReport", "CICUData"], path: "Sources/Main/report"),
        .executableTarget(name: "tidings", dependencies: ["ProgramTidings", "CICUData"], path: "Sources/Main/tidings"),
        // The installed programs: one binary that runs the program it is called as
        // (scripts/install links the five names to it).
        .executableTarget(
            name: "tidings-multicall",
            dependencies: ["ProgramPrefetch", "ProgramPlan", "ProgramDeliver", "ProgramReport", "ProgramTidings", "CICUData"],
            path: "Sources/Main/tidings-multicall",
            // Position-dependent like deliver, and with libstdc++ linked statically (see
            // linker/static-libstdc++/libstdc++.so). Linked by lld, which lays out the functions
            // the timers' idle runs execute together (linker/startup-order.txt, written by
            // scripts/startup-order), and without the dynamic symbol table the Swift runtime's
            // start-up searches (--export-dynamic comes from the toolchain's static link).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xclang-linker", "-no-pie", "-L", Context.packageDirectory + "/linker/static-libstdc++", "-use-ld=lld",
                        "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/linker/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic",
                    ],
                    .when(configuration: .release))
            ]
        ),

        // Tests
        .target(
            name: "TidingsTestSupport",
            dependencies: [
                "TidingsCore", "TidingsStore", "TidingsProcess", "TidingsPostgres", "TidingsHTTP",
                .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(name: "TidingsCoreTests", dependencies: ["TidingsCore", "TidingsTestSupport"]),
        .testTarget(
            name: "TidingsStoreTests",
            dependencies: [
                "TidingsCore", "TidingsStore", "TidingsPostgres", "TidingsProcess", "TidingsTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "TidingsHTTPTests", dependencies: ["TidingsHTTP", "TidingsTestSupport"]),
        .testTarget(name: "TidingsPostgresTests", dependencies: ["TidingsPostgres", "TidingsProcess", "TidingsTestSupport"]),
        .testTarget(name: "TidingsProcessTests", dependencies: ["TidingsProcess", "TidingsTestSupport"]),
        .testTarget(name: "TidingsFetchTests", dependencies: ["TidingsCore", "TidingsFetch", "TidingsHTTP", "TidingsStore", "TidingsTestSupport"]),
        .testTarget(
            name: "TidingsPlanTests",
            dependencies: ["TidingsCalendar", "TidingsCore", "TidingsGenerate", "TidingsLinks", "TidingsPlan", "TidingsStore", "TidingsTestSupport"]
        ),
        // The golden files are read from the source tree (#filePath), not bundled.
        .testTarget(name: "TidingsGenerateTests", dependencies: ["TidingsCore", "TidingsGenerate"], exclude: ["Golden"]),
        .testTarget(name: "TidingsCalendarTests", dependencies: ["CICal", "TidingsCalendar", "TidingsCore", "TidingsTestSupport"]),
        .testTarget(
            name: "TidingsLinksTests", dependencies: ["TidingsCore", "TidingsLinks", "TidingsProcess", "TidingsStore", "TidingsTestSupport"]),
        .testTarget(
            name: "TidingsDeliverTests",
            dependencies: [
                "TidingsCore", "TidingsDeliver", "TidingsGenerate", "TidingsStore", "TidingsTestSupport",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "TidingsReportTests", dependencies: ["TidingsCore", "TidingsReport", "TidingsStore", "TidingsTestSupport"]),
        .testTarget(name: "TidingsLLMTests", dependencies: ["TidingsCore", "TidingsGenerate", "TidingsLLM", "TidingsStore", "TidingsTestSupport"]),
        .testTarget(
            name: "TidingsTimersTests", dependencies: ["TidingsCore", "TidingsProcess", "TidingsStore", "TidingsTestSupport", "TidingsTimers"]),
        .testTarget(name: "TidingsCLITests", dependencies: [argumentParser, "TidingsCLI", "TidingsCore", "TidingsStore", "TidingsTestSupport"]),
        // The program libraries' own code: deliver's idle check.
        .testTarget(
            name: "ProgramDeliverTests", dependencies: ["ProgramDeliver", "TidingsCore", "TidingsStore", "TidingsTestSupport", "TidingsTimers"]),
        // The snapshots of every program's --help are read from the source tree (#filePath).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TidingsCore", "TidingsPostgres", "TidingsStore", "TidingsTestSupport", .product(name: "GRDB", package: "GRDB.swift"), "prefetch",
                "plan", "deliver",
                "report",
                "tidings",
            ],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
