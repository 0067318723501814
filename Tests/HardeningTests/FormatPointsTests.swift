import CellCore
import Testing

/// Found by fuzzing the style decoder: an out-of-range number of 10²⁰ crashed the message that
/// reports it, and so did `--width nan`.
@Suite struct FormatPointsTests {
    @Test(arguments: [
        (1e20, "1e+20"), (-1e300, "-1e+300"), (Double.nan, "nan"), (Double.infinity, "inf"), (1e15, "1000000000000000.0"),
        (12.5, "12.5"), (375, "375"), (0.1234, "0.123"), (-2.5, "-2.5"),
    ])
    func everyDoubleFormats(_ value: Double, _ expected: String) {
        #expect(formatPoints(value) == expected)
    }
}
