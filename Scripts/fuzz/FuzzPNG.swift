// libFuzzer target: ImageDiff's PNG decoder (goldens and candidates), with small limits so that
// a header claiming a huge image is refused rather than allocated.
// Built by Scripts/fuzz.sh; Tests/HardeningTests/FuzzCorpusTests.swift replays the corpus the same way.
import ImageDiff

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PNGDecoder.decode(bytes, limits: PNGLimits(maxPixels: 4_000_000, maxBytes: 64_000_000))
    return 0
}
