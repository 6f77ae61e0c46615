// swift-tools-version:6.1
// The fuzz targets: libFuzzer executables (Linux, `swiftc -sanitize=fuzzer,address`; FuzzDriver starts libFuzzer), each the
// entry to a target bridge's FuzzTargets module defines with its oracle (there, in bridge's package, they read its
// `package` declarations), for the URL parser
// (with the href round trip and the layout's consistency as its oracle; and against ada, built from the ada-url package's sources), the rules loader with `bridge test`'s attack, the navlog/HAR/CDP/NetLog readers through replay,
// the inline-script scanner, the inspector, the masking of secrets of any bytes in every rendered format, the case-file reader
// with the audit's reports, and the provider emulator's answer to any request (with the Emulator trait). A package of its own so that `swift build` and `swift test`
// of bridge never need libFuzzer; `Tests/Fuzz/run` builds and runs them, seeded from the fixtures.
import PackageDescription

let package = Package(
    name: "bridge-fuzz",
    // `Emulator` (off by default) builds FuzzEmulatorRequests against the provider emulator; without it that
    // target is a stub, so one `swift build` makes the other targets without NIO and BoringSSL, whose build
    // with the sanitizer takes minutes.
    traits: [
        .trait(name: "Emulator", description: "FuzzEmulatorRequests with the provider emulator (NIO and BoringSSL built with the sanitizer)."),
    ],
    dependencies: [
        .package(name: "bridge", path: "../.."),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        // ada, from the ada-url package's sources, which `run` fetches (none committed): the differential's other parser.
        .target(name: "CAda", exclude: ["README.md"]),
        .executableTarget(name: "FuzzURLParser", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzURLDifferential", dependencies: ["FuzzDriver", "CAda", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzRulesLoader", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzLogReaders", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzSecrets", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzCaseFile", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzEmulatorRequests", dependencies: [
            "FuzzDriver", .product(name: "EmulatorFuzzTarget", package: "bridge", condition: .when(traits: ["Emulator"])),
        ]),
        .executableTarget(name: "FuzzScriptScanner", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
        .executableTarget(name: "FuzzInspector", dependencies: ["FuzzDriver", .product(name: "FuzzTargets", package: "bridge")]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx20
)
