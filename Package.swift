// swift-tools-version:6.0
import PackageDescription

// The arrows of the pipeline are the dependencies below, one way only:
// CellshotCLI → Cellshot → TableCompositor → CellPaint → CellLayout → CellStyle → CellCore,
// and Graphics (the only module that imports the C libraries) under CellPaint.
let package = Package(
    name: "Cellshot",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Cellshot", targets: ["Cellshot"]),
        .executable(name: "cellshot", targets: ["CellshotCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"]), .brew(["gdk-pixbuf"])]
        ),
        .target(name: "CellCore"),
        .target(name: "ImageDiff"),
        .executableTarget(name: "DiffBenchmark", dependencies: ["ImageDiff"]),
        .target(
            name: "CellStyle",
            dependencies: ["CellCore", "CellData", "Yams"],
            exclude: ["Schema"],
            resources: [.copy("Resources/Styles")]
        ),
        .target(name: "CellData", dependencies: ["Yams"]),
        .target(name: "CellLayout", dependencies: ["CellCore", "CellStyle"]),
        .target(name: "Graphics", dependencies: ["CellCore", "CPangoCairo", "CGdkPixbuf"]),
        .target(name: "CellPaint", dependencies: ["CellCore", "CellLayout", "Graphics"]),
        .target(name: "TableCompositor", dependencies: ["CellCore", "CellLayout", "CellPaint", "Graphics"]),
        .target(
            name: "Cellshot",
            dependencies: ["CellCore", "CellData", "CellStyle", "CellLayout", "CellPaint", "TableCompositor", "Graphics"]
        ),
        .executableTarget(
            name: "CellshotCLI",
            dependencies: [
                "Cellshot", "CellCore", "CellStyle", "CellLayout",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CellDataTests", dependencies: ["CellData"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff"], exclude: ["Fixtures"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["CellLayout", "CellStyle", "CellCore"]),
        .testTarget(name: "CellshotTests", dependencies: ["Cellshot", "CellStyle", "CellLayout", "CellCore"]),
        .testTarget(name: "CLITests", dependencies: ["CellshotCLI", "ImageDiff"]),
        .testTarget(
            name: "HardeningTests",
            dependencies: ["Cellshot", "CellData", "CellStyle", "CellCore", "Graphics", "ImageDiff"],
            exclude: ["FuzzCorpus", "Fixtures"]),
    ]
)
