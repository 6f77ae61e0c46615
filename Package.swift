// swift-tools-version:6.1
// bridge: the native side of embedded-WebView sign-in, as a library an app links and a CLI.
// Module layout follows ../shared/DESIGN.md ("Architecture"); the core (BrowserURL) uses no Foundation
// and builds for Apple platforms too.
import PackageDescription

let package = Package(
    name: "bridge",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "BrowserURL", targets: ["BrowserURL"]),
        .library(name: "NavigationPolicy", targets: ["NavigationPolicy"]),
        .library(name: "FlowInspector", targets: ["FlowInspector"]),
        .library(name: "NavigationReplay", targets: ["NavigationReplay"]),
        .executable(name: "bridge", targets: ["bridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // UTS #46 through the system ICU; the public header exposes no ICU type (ICU's headers clash with
        // Foundation's when imported into Swift). Apple platforms use BrowserURL's own fallback instead.
        .target(
            name: "CIDNA",
            linkerSettings: [.linkedLibrary("icuuc", .when(platforms: [.linux, .android]))]
        ),
        .target(
            name: "BrowserURL",
            dependencies: [.target(name: "CIDNA", condition: .when(platforms: [.linux, .android]))]
        ),
        .target(
            name: "NavigationPolicy",
            dependencies: ["BrowserURL"]
        ),
        // libxml2's HTML parser, from the system (Debian: libxml2-dev).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "FlowInspector",
            dependencies: ["CLibXML2", "BrowserURL", "NavigationPolicy"]
        ),
        .target(
            name: "NavigationReplay",
            dependencies: ["BrowserURL", "NavigationPolicy"]
        ),
        .executableTarget(
            name: "bridge",
            dependencies: [
                "BrowserURL",
                "NavigationPolicy",
                "FlowInspector",
                "NavigationReplay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "bridge-bench",
            dependencies: ["BrowserURL", "NavigationPolicy", "FlowInspector", "NavigationReplay"]
        ),
        .testTarget(
            name: "BrowserURLTests",
            dependencies: ["BrowserURL"]
        ),
        .testTarget(
            name: "NavigationPolicyTests",
            dependencies: ["NavigationPolicy", "BrowserURL"]
        ),
        .testTarget(
            name: "FlowInspectorTests",
            dependencies: ["FlowInspector", "NavigationPolicy"]
        ),
        .testTarget(
            name: "NavigationReplayTests",
            dependencies: ["NavigationReplay", "NavigationPolicy"]
        ),
        .testTarget(
            name: "BridgeCLITests",
            dependencies: ["bridge"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
