/// Pixel comparison compatible with pixelmatch 7.1.
///
/// For the same inputs and options, `compare` MUST return the same mismatch
/// count and the same diff image, byte for byte, as pixelmatch 7.1, so that
/// thresholds calibrated with pixelmatch (and tools built on it) carry over.
public enum ImageDiff {
    /// Compares two RGBA8 images of the same size.
    ///
    /// - Parameters:
    ///   - a: The expected (reference) image; the diff image's grey background
    ///     is drawn from it.
    ///   - b: The actual image.
    ///   - options: pixelmatch's options, with pixelmatch's defaults.
    ///   - producingDiffImage: Whether to allocate and paint `DiffResult.diffImage`.
    ///     Skipping it saves one image-sized buffer and the background painting.
    /// - Returns: The mismatch count and, if requested, the diff image (pixels
    ///   not drawn under `diffMask` are transparent black).
    /// - Throws: `ImageComparisonError.sizeMismatch` naming both sizes when the
    ///   images differ in size, `.invalidImage` when a buffer's length does not
    ///   match its dimensions. Never traps on bad input.
    public static func compare(
        _ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = .init(),
        producingDiffImage: Bool = true
    ) throws(ImageComparisonError) -> DiffResult {
        try validate(a, b)
        let count = a.width * a.height
        var mismatches = 0
        let scan = { (output: UnsafeMutableBufferPointer<UInt32>?) in
            a.pixels.withUnsafeBufferPointer { bytesA in
                b.pixels.withUnsafeBufferPointer { bytesB in
                    bytesA.withMemoryRebound(to: UInt32.self) { pixelsA in
                        bytesB.withMemoryRebound(to: UInt32.self) { pixelsB in
                            PixelScanner(
                                a: pixelsA, b: pixelsB, width: a.width, height: a.height, options: options
                            ).run(output: output)
                        }
                    }
                }
            }
        }
        guard producingDiffImage else {
            mismatches = scan(nil)
            return DiffResult(mismatchedPixels: mismatches, totalPixels: count, diffImage: nil)
        }
        // Without diffMask the scanner writes every pixel exactly once, so the
        // buffer need not be zeroed first; with it, undrawn pixels must read as
        // transparent black.
        let output = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            if options.diffMask {
                buffer.initialize(repeating: 0)
            }
            mismatches = buffer.withMemoryRebound(to: UInt32.self) { scan($0) }
            initialized = count * 4
        }
        let diffImage = RGBAImage(width: a.width, height: a.height, pixels: output)
        return DiffResult(mismatchedPixels: mismatches, totalPixels: count, diffImage: diffImage)
    }

    /// Runs the naive reference implementation; same contract as `compare`.
    ///
    /// Exists for tests and the benchmark baseline, which is why it is `package`.
    package static func compareWithReference(
        _ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = .init(),
        producingDiffImage: Bool = true
    ) throws(ImageComparisonError) -> DiffResult {
        try validate(a, b)
        let count = a.width * a.height
        var output: [UInt8]? = producingDiffImage ? [UInt8](repeating: 0, count: count * 4) : nil
        let mismatches = ReferenceDiff.run(
            a.pixels, b.pixels, width: a.width, height: a.height, options: options, output: &output)
        let diffImage = output.map { RGBAImage(width: a.width, height: a.height, pixels: $0) }
        return DiffResult(mismatchedPixels: mismatches, totalPixels: count, diffImage: diffImage)
    }

    private static func validate(_ a: RGBAImage, _ b: RGBAImage) throws(ImageComparisonError) {
        for (image, which) in [(a, "expected"), (b, "actual")] where !image.isWellFormed {
            throw .invalidImage(
                which: which, size: ImageSize(width: image.width, height: image.height),
                byteCount: image.pixels.count)
        }
        guard a.width == b.width, a.height == b.height else {
            throw .sizeMismatch(
                expected: ImageSize(width: a.width, height: a.height),
                actual: ImageSize(width: b.width, height: b.height))
        }
    }
}
