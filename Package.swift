// swift-tools-version:6.1
// bridge: the native side of embedded-WebView sign-in, as a library an app links and a CLI.
// Module layout: the README's "Layout" section; the core (BrowserURL) uses no Foundation
// and builds for Apple platforms too.
import PackageDescription

let package = Package(
    name: "bridge",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // What an app adds: NavigationPolicy and BrowserURL, with SecretMasking to log what its web view saw and
    // RulesAudit to run its rules' cases in its own tests. FuzzTargets and EmulatorFuzzTarget are the fuzz
    // package's (Tests/Fuzz, a package of its own so that nothing here needs libFuzzer): each target a type
    // with `run(_:)`, nothing else public. Every other module's declarations are `package`.
    products: [
        .library(name: "BrowserURL", targets: ["BrowserURL"]),
        .library(name: "NavigationPolicy", targets: ["NavigationPolicy"]),
        .library(name: "SecretMasking", targets: ["SecretMasking"]),
        .library(name: "RulesAudit", targets: ["RulesAudit"]),
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
        .library(name: "EmulatorFuzzTarget", targets: ["EmulatorFuzzTarget"]),
        .executable(name: "bridge", targets: ["bridge"]),
    ],
    // `Tools` (on by default) is the command-line tool, the provider emulator and the host with the packages
    // they use (swift-argument-parser, Hummingbird, swift-nio and what those bring): every package
    // dependency below is used only under it. An app that adds bridge with `traits: []` and links the
    // engine (BrowserURL, SensitiveText, JSONText, NavigationPolicy) resolves no package at all; `swift
    // build` here has it on.
    // `WebKit` (off by default, and Tools with it) builds WebViewHost against the system WebKitGTK and adds
    // `bridge host`. Without it nothing needs WebKit: the module's WebKit half compiles to nothing (`#if WebKit`).
    traits: [
        .default(enabledTraits: ["Tools"]),
        .trait(name: "Tools", description: "The bridge command, the provider emulator and the web view host, with the packages they use (swift-argument-parser, Hummingbird, swift-nio)."),
        .trait(name: "WebKit", description: "A real WebKitGTK web view: the WebViewHost module and `bridge host` (Debian: libwebkit2gtk-4.1-dev, xvfb).",
               enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `bridge serve`, the provider emulator. Without its default traits: no swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        // Hummingbird's own service lifecycle: `bridge serve`'s signals and bounded graceful shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // NIOEmbedded: the emulator's in-process client (a testing channel, no socket).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // NIOHTTPTypes: the HTTP parts the emulator's connection handler (BodyDeadlineHandler) reads, as Hummingbird's pipeline passes them.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    ],
    targets: [
        // Sixteen-byte scans (SSE2, NEON, or a plain loop) the URL parser's copy loops use; header-only C.
        .target(name: "CByteScan"),
        // The one pool parallel work runs on (the cores, Dispatch's global queue): the inspector and replay.
        .target(name: "WorkPool"),
        // A seedable generator for tests, fuzzing and the benchmarks' generated inputs.
        .target(name: "SeededRandom"),
        // What is secret: the families of names that carry credentials and the shapes credentials have.
        // The engine masks its own values by it when an app logs them; imports nothing.
        .target(name: "SecretPolicy"),
        // The URL parser, with UTS #46 and NFC of its own on tables generated from one Unicode version
        // (UTS46Data/generate.py writes UTS46Tables.swift).
        .target(
            name: "BrowserURL",
            dependencies: ["CByteScan", "SecretPolicy", "SensitiveText"],
            exclude: ["UTS46Data/generate.py"]
        ),
        // The one JSON reader (strict, offsets for errors, our documents' keys read once) and the one
        // writer (ordered objects, one number form, display-unsafe characters escaped).
        .target(name: "JSONText", dependencies: ["CByteScan", "SensitiveText"]),
        // Values that may be secrets, carried with how they were read, and messages made of words and
        // such values: only the Redactor turns them into text.
        .target(name: "SensitiveText"),
        .target(
            name: "NavigationPolicy",
            dependencies: ["BrowserURL", "JSONText", "SensitiveText", "InputProblems"]
        ),
        // The Redactor: masks in URLs, JSON, bridge payloads and free text, by SecretPolicy. Not the
        // engine's: an app links it only to log what it saw.
        .target(
            name: "SecretMasking",
            dependencies: ["BrowserURL", "JSONText", "NavigationPolicy", "SecretPolicy", "SensitiveText"]
        ),
        // The one way a file given to bridge is read whole ("-", pipes and process substitutions included),
        // and why it could not be.
        .target(name: "InputFiles", dependencies: ["InputProblems", "NavigationPolicy", "JSONText"]),
        // Why a file could not be read, as a value: what the engine's errors may carry without file code.
        .target(name: "InputProblems"),
        // The one severity scale findings are ranked on, shared by the features and the output module.
        .target(name: "FindingSeverity"),
        // The one way a command writes a file: never over an input, never over a file without --force.
        .target(name: "OutputFiles"),
        // Unit tests for an app's rules: case files and the attack (`bridge test`, or an app's own tests).
        .target(
            name: "RulesAudit",
            dependencies: ["BrowserURL", "NavigationPolicy", "SecretMasking", "SecretPolicy", "SensitiveText", "JSONText", "InputFiles"]
        ),
        // libxml2's HTML parser, from the system (Debian: libxml2-dev).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libcurl (Debian: libcurl4-openssl-dev): its header and where it comes from. Neither its module map
        // nor a pkg-config name adds a library to link (pkg-config's would add -lcurl to every link):
        // CPageFetch loads libcurl when a page is first fetched (page_fetch.c says why).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // The inspector's page fetch on libcurl; its header names no curl type.
        .target(
            name: "CPageFetch",
            dependencies: ["CCurl"]
        ),
        // The providers the emulator answers for, by host, and the app-backend paths: read by the emulator's
        // routes, the host's routing and the inspector's checks.
        .target(name: "ProviderDirectory"),
        .target(
            name: "FlowInspector",
            dependencies: ["CLibXML2", "CPageFetch", "BrowserURL", "JSONText", "NavigationPolicy", "FindingSeverity", "ProviderDirectory", "WorkPool", "InputFiles"]
        ),
        // The one stylesheet of the report files and the emulator's dashboard.
        .target(name: "PageStyle"),
        // Strict rules and cases inferred from recordings of a flow that works (`bridge rules`).
        .target(
            name: "RecordingRules",
            dependencies: ["BrowserURL", "JSONText", "NavigationPolicy", "NavigationReplay", "RulesAudit", "SecretMasking", "SecretPolicy"]
        ),
        .target(
            name: "NavigationReplay",
            dependencies: ["CByteScan", "BrowserURL", "NavigationPolicy", "SecretMasking", "SensitiveText", "FindingSeverity", "JSONText", "ProviderDirectory", "WorkPool", "InputFiles"]
        ),
        // OpenSSL's libcrypto (Debian: libssl-dev): HMAC for KeyedDigest.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // The keyed digests bridge makes (HMAC-SHA256 for a recording's masks, HMAC-SHA1 for Janrain's
        // signed API calls), on libcrypto.
        .target(name: "KeyedDigest", dependencies: ["CLibCrypto"]),
        // libsoup 3 and the GLib and GIO under it (Debian: libsoup-3.0-dev): the stand-in network. Linked.
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        // WebKitGTK's own headers, for what links WebKit as an app does: the bare probe, and the test that holds
        // WebViewHost's hand-written WebKit constants to them. WebViewHost loads WebKitGTK when a view is made.
        .systemLibrary(
            name: "CWebKit",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev"])]
        ),
        .target(
            name: "WebViewHost",
            dependencies: [
                "BrowserURL",
                "NavigationPolicy", "SecretMasking", "SecretPolicy", "SensitiveText",
                "OutputFiles",
                "JSONText",
                "NavigationReplay",
                "FlowInspector",
                "ProviderDirectory",
                "KeyedDigest",
                .target(name: "CSoup", condition: .when(traits: ["WebKit"])),
            ]
        ),
        // The provider emulator's settings: the configuration file's model and its reader, apart from the
        // server so that the output module words their problems without linking Hummingbird or NIO.
        .target(
            name: "ProviderSettings",
            dependencies: ["BrowserURL", "JSONText", "NavigationPolicy", "SensitiveText", "InputFiles"]
        ),
        // The widget's stand-in scripts (StandIn/) are the module's resources: found beside any build.
        .target(
            name: "ProviderEmulator",
            dependencies: [
                "BrowserURL",
                "NavigationPolicy", "SecretMasking", "SensitiveText",
                "JSONText",
                "ProviderDirectory", "ProviderSettings", "PageStyle",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tools"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Tools"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Tools"])),
                // EmulatorInProcessClient's channel.
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Tools"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Tools"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Tools"])),
                "KeyedDigest",
            ],
            resources: [.copy("StandIn")]
        ),
        // The output layer every command prints through, above the features: it makes every word, colour and
        // JSON shape from their values (events, findings, problems), renders secrets through the Redactor, and
        // writes the one diagnostic model as SARIF and JUnit. No feature module imports it.
        .target(
            name: "CommandOutput",
            dependencies: ["BrowserURL", "JSONText", "NavigationPolicy", "SecretMasking", "SensitiveText", "FindingSeverity", "OutputFiles", "InputFiles",
                           "RulesAudit", "FlowInspector", "NavigationReplay", "WebViewHost", "ProviderSettings", "RecordingRules", "PageStyle", "KeyedDigest"],
            // The JSON Lines schema: a document for users and the tests, not a resource of the module.
            exclude: ["Schema"]
        ),
        .executableTarget(
            name: "bridge",
            dependencies: [
                "InputFiles",
                "ProviderEmulator",
                "ProviderDirectory", "ProviderSettings",
                "BrowserURL",
                "NavigationPolicy", "SecretMasking", "SensitiveText",
                "CommandOutput", "OutputFiles", "FindingSeverity",
                "JSONText",
                "FlowInspector",
                "NavigationReplay",
                "RulesAudit",
                "RecordingRules",
                "WebViewHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tools"])),
            ],
            plugins: ["BuildCommitPlugin"]
        ),
        // `bridge --version`'s commit, written before each build of the command.
        .plugin(name: "BuildCommitPlugin", capability: .buildTool(), path: "Sources/BuildCommitPlugin"),
        // The bare WebKitGTK start bridge-bench host measures bridge host against (WebKit trait).
        .executableTarget(
            name: "webkit-probe",
            dependencies: [.target(name: "CWebKit", condition: .when(traits: ["WebKit"]))]
        ),
        // The bare Chromium start bridge-bench host measures `bridge host --engine chromium` against.
        .executableTarget(name: "chromium-probe"),
        .executableTarget(
            name: "bridge-bench",
            dependencies: ["BrowserURL", "NavigationPolicy", "SecretMasking", "SensitiveText", "CommandOutput", "FlowInspector", "NavigationReplay", "WebViewHost", "ProviderEmulator", "SeededRandom", "JSONText",
                           .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tools"]))],
            exclude: ["README.md"]
        ),
        // The fuzz targets with their oracles, for Tests/Fuzz's libFuzzer executables and FuzzCorpusTests.
        .target(
            name: "FuzzTargets",
            dependencies: ["BrowserURL", "CommandOutput", "FlowInspector", "JSONText", "NavigationPolicy", "NavigationReplay", "RecordingRules",
                           "RulesAudit", "SecretMasking", "SecretPolicy", "SensitiveText"]
        ),
        // The emulator's fuzz target, apart: linking it builds NIO and Hummingbird.
        .target(name: "EmulatorFuzzTarget", dependencies: ["FuzzTargets", "ProviderEmulator"]),
        // What the test suites share: the repository's root, the runner of the built `bridge` (both pipes
        // drained) and the reader of its JSON lines.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "KeyedDigestTests",
            dependencies: ["KeyedDigest"]
        ),
        .testTarget(
            name: "BrowserURLTests",
            dependencies: ["TestSupport", "BrowserURL", "SeededRandom"]
        ),
        .testTarget(
            name: "JSONTextTests",
            dependencies: ["JSONText"]
        ),
        .testTarget(
            name: "NavigationPolicyTests",
            dependencies: ["InputFiles", "TestSupport", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "BrowserURL", "JSONText", "SeededRandom"]
        ),
        .testTarget(
            name: "SecretMaskingTests",
            dependencies: ["TestSupport", "SecretMasking", "SecretPolicy", "NavigationPolicy", "SensitiveText", "BrowserURL", "JSONText", "SeededRandom"]
        ),
        .testTarget(
            name: "CommandOutputTests",
            dependencies: ["BrowserURL", "InputFiles", "TestSupport", "CommandOutput", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "JSONText", "SeededRandom", "KeyedDigest"]
        ),
        .testTarget(
            name: "FlowInspectorTests",
            dependencies: ["TestSupport", "FlowInspector", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "CommandOutput", "SeededRandom", "BrowserURL"]
        ),
        .testTarget(
            name: "NavigationReplayTests",
            dependencies: ["InputFiles", "TestSupport", "NavigationReplay", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "CommandOutput", "JSONText", "SeededRandom", "BrowserURL"]
        ),
        .testTarget(
            name: "RulesAuditTests",
            dependencies: ["InputFiles", "TestSupport", "RulesAudit", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "BrowserURL", "CommandOutput", "JSONText", "CLibXML2"]
        ),
        .testTarget(
            name: "RecordingRulesTests",
            dependencies: ["TestSupport", "RecordingRules", "RulesAudit", "NavigationReplay", "NavigationPolicy", "SecretMasking", "CommandOutput", "BrowserURL", "JSONText", "SeededRandom", "SensitiveText"]
        ),
        .testTarget(
            name: "WebViewHostTests",
            dependencies: ["TestSupport", "WebViewHost", "NavigationReplay", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "CommandOutput", "FlowInspector", "BrowserURL",
                           .target(name: "CSoup", condition: .when(traits: ["WebKit"])),
                           .target(name: "CWebKit", condition: .when(traits: ["WebKit"]))]
        ),
        .testTarget(
            name: "ProviderEmulatorTests",
            dependencies: ["TestSupport", 
                "ProviderEmulator", "ProviderDirectory", "ProviderSettings", "BrowserURL", "NavigationPolicy", "SensitiveText", "SecretMasking", "FindingSeverity", "OutputFiles", "JSONText", "FlowInspector",
                // ProviderErrorMiddleware on a router of its own.
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tools"])),
                // BodyDeadlineHandler on an EmbeddedChannel, its clock advanced by hand.
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Tools"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Tools"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Tools"])),
            ]
        ),
        .testTarget(
            name: "FuzzTargetsTests",
            dependencies: ["TestSupport", "BrowserURL", "FuzzTargets", "EmulatorFuzzTarget"]
        ),
        .testTarget(
            name: "BridgeCLITests",
            dependencies: ["InputFiles", "TestSupport", "bridge", "SeededRandom", "CommandOutput", "NavigationPolicy", "SensitiveText", "SecretMasking", "SecretPolicy", "FindingSeverity", "OutputFiles", "NavigationReplay", "RulesAudit", "FlowInspector", "BrowserURL", "WebViewHost", "ProviderEmulator", "ProviderSettings", "RecordingRules"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
