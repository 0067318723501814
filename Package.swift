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
        .library(name: "GoldenTesting", targets: ["GoldenTesting"]),
        .library(name: "CellshotTesting", targets: ["CellshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
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
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
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
        .target(name: "Graphics", dependencies: ["CellCore", "CPangoCairo", "CGdkPixbuf", "CDeflate"], exclude: ["Docs"]),
        .target(name: "CellPaint", dependencies: ["CellCore", "CellLayout", "Graphics"]),
        .target(
            name: "TableCompositor", dependencies: ["CellCore", "CellStyle", "CellLayout", "CellPaint", "Graphics"]),
        .target(
            name: "Cellshot",
            dependencies: ["CellCore", "CellData", "CellStyle", "CellLayout", "CellPaint", "TableCompositor", "Graphics"]
        ),
        .executableTarget(name: "TextLimitsBenchmark", dependencies: ["Graphics", "CellCore"]),
        .target(name: "GoldenTesting", dependencies: ["Cellshot", "ImageDiff", "CellCore", "CellLayout"]),
        .target(name: "CellshotTesting", dependencies: ["GoldenTesting", "Cellshot"]),
        .target(
            name: "Preview",
            dependencies: ["Cellshot", "CellCore", "CellStyle", "CellLayout", "Graphics", "TableCompositor"]
        ),
        .executableTarget(name: "PreviewBenchmark", dependencies: ["Preview", "Cellshot", "CellStyle"]),
        .target(name: "PreviewServer", dependencies: ["Preview", .product(name: "FlyingFox", package: "FlyingFox")]),
        .executableTarget(
            name: "CellshotCLI",
            dependencies: [
                "Cellshot", "CellCore", "CellStyle", "CellLayout", "TableCompositor", "GoldenTesting", "ImageDiff", "Preview",
                "PreviewServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CellDataTests", dependencies: ["CellData"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff"], exclude: ["Fixtures"]),
        .testTarget(name: "CellStyleTests", dependencies: ["CellStyle", "CellCore"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["CellLayout", "CellStyle", "CellCore", "TableCompositor"]),
        .testTarget(
            name: "CellshotTests", dependencies: ["Cellshot", "CellStyle", "CellLayout", "CellCore", "ImageDiff"],
            exclude: ["Fixtures"]),
        .testTarget(name: "GoldenTestingTests", dependencies: ["GoldenTesting", "ImageDiff"]),
        .testTarget(name: "CellshotTestingTests", dependencies: ["CellshotTesting", "GoldenTesting"]),
        .testTarget(name: "CLITests", dependencies: ["CellshotCLI", "ImageDiff"]),
        .testTarget(name: "TextTests", dependencies: ["Cellshot", "Graphics", "CellLayout", "CellStyle", "CellCore"]),
        .target(name: "TextCorpus"),
        .executableTarget(
            name: "HeightBenchmark", dependencies: ["CellCore", "CellData", "CellLayout", "CellStyle", "Graphics", "TextCorpus"]
        ),
        .executableTarget(
            name: "CompositorBenchmark",
            dependencies: ["Cellshot", "CellCore", "CellStyle", "CellLayout", "TableCompositor", "Graphics"]
        ),
        .testTarget(
            name: "CompositorTests",
            dependencies: ["Cellshot", "TableCompositor", "Graphics", "CellLayout", "CellStyle", "CellCore"]
        ),
        .testTarget(
            name: "GraphicsTests", dependencies: ["Graphics", "CellCore", "CellData", "CellLayout", "CellStyle", "TextCorpus"]
        ),
        .testTarget(
            name: "HardeningTests",
            dependencies: ["Cellshot", "CellData", "CellStyle", "CellCore", "Graphics", "ImageDiff"],
            exclude: ["FuzzCorpus", "Fixtures"]),
        .testTarget(
            name: "PreviewTests", dependencies: ["Preview", "PreviewServer", "Cellshot", "CellStyle", "CellCore", "ImageDiff"]),
    ]
)
