// swift-tools-version: 6.1
// Tests/Consumer: an app's package, as the README tells an app to add bridge (the Tools trait off) and link
// the engine. `Tests/Consumer/check` builds it from scratch and holds it to what an app expects: no package
// resolved, only the engine's modules compiled, and the engine deciding as documented. The repository is
// found from this manifest's own place, so the check runs in any clone whatever its directory is called.
import Foundation
import PackageDescription

let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: root.path, traits: [])],
    targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "NavigationPolicy", package: root.lastPathComponent),
                                                          .product(name: "BrowserURL", package: root.lastPathComponent)]),
    ]
)
