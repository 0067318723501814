import CellCore
import Graphics

/// The sheet's own type: labels set in the pinned UI font, measured once and drawn as measured.
final class SheetText {
    enum Style {
        case title, block, heading, small, tiny

        var font: FontSpec {
            switch self {
            case .title: FontSpec(size: 17, weight: .semibold)
            case .block: FontSpec(size: 14, weight: .semibold)
            case .heading: FontSpec(size: 12, weight: .semibold)
            case .small: FontSpec(size: 12, weight: .regular)
            case .tiny: FontSpec(size: 10, weight: .medium)
            }
        }
    }

    private let engine: TextEngine

    init() throws(PreviewError) {
        do {
            engine = try TextEngine(fonts: FontLibrary.shared())
        } catch {
            throw .graphics(error.description)
        }
    }

    /// A single-line label, laid out and ready to draw.
    func layout(_ text: String, _ style: Style) throws(PreviewError) -> TextLayout {
        do {
            return try engine.layout(TextRequest(text: text, font: style.font), width: nil)
        } catch {
            throw .graphics(error.description)
        }
    }
}

extension TextLayout {
    /// The label's size rounded up to whole points, so everything below it stays on the pixel grid.
    var roundedSize: Size {
        Size(width: measurement.size.width.rounded(.up), height: measurement.size.height.rounded(.up))
    }
}
