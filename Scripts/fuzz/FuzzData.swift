// libFuzzer target: the data loaders. The first byte picks the format, the rest is the source.
// Built by Scripts/fuzz.sh; Tests/HardeningTests/FuzzCorpusTests.swift replays the corpus the same way.
import CellData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let formats: [DataFormat] = [.json, .yaml, .csv, .plist, .text]
    let format = formats[Int(data[0]) % formats.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = try? DataLoader.load(bytes, format: format, sourceName: "fuzz")
    return 0
}
