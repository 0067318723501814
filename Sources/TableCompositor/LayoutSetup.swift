import CellCore
import CellLayout
import Graphics

/// How each worker of a streamed render measures and lays out text: the same engine choice,
/// fonts and policies as the façade's own layout, so streamed pixels and `measure` agree.
public struct LayoutSetup: Sendable {
    /// Makes one worker's text measurer (Pango objects are per thread: called on the worker).
    public var makeMeasurer: @Sendable () throws -> any TextMeasuring
    public var imagePolicy: ImagePolicy
    public var textPolicy: TextPolicy

    public init(
        makeMeasurer: @escaping @Sendable () throws -> any TextMeasuring, imagePolicy: ImagePolicy = ImagePolicy(),
        textPolicy: TextPolicy = TextPolicy()
    ) {
        self.makeMeasurer = makeMeasurer
        self.imagePolicy = imagePolicy
        self.textPolicy = textPolicy
    }

    /// Plain Pango over the pinned fonts, with default policies.
    public static let pango = LayoutSetup(makeMeasurer: { try TextEngine(fonts: FontLibrary.shared()) })
}
