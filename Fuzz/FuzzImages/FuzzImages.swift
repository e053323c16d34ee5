import Foundation
import Marginalia

// libFuzzer target: image files, as uploads, the CLI's `create` and the editor's images read
// them. Any bytes are sniffed and decoded (every page of a TIFF) under a pixel limit of 64 to
// 256 kilopixels that the input's length picks, through libpng, libjpeg, libheif, libwebp,
// giflib and libtiff and the shims around them (Sources/C*). Larger images take the same
// paths, only slower: a 2-megapixel TIFF read, written as PNG and read back passes libFuzzer's
// 2 s under ASan.
//
// Invariants: a decoded image is within the limit and its samples and alpha fill its size
// exactly; each page embeds as PDF objects; and the PNG the editor would place
// (`fileData()`) decodes back to the same image.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    let limit = 65_536 * (1 + count % 4)
    let decoder = ImageDecoder(maximumPixelCount: limit, maximumTotalPixelCount: 2 * limit, maximumPageCount: 8)
    guard let pages = try? decoder.decodePages(bytes) else { return 0 }
    for image in pages {
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= limit, "size past the limit")
        if case .samples(let samples) = image.storage {
            precondition(samples.count == image.width * image.height * image.colorSpace.componentCount, "sample count")
        }
        precondition(image.alpha.map { $0.count == image.width * image.height } ?? true, "alpha count")
        precondition((try? image.pdfObjects()) != nil, "a decoded image that cannot be embedded")
        guard case .samples = image.storage, let file = try? image.fileData() else { continue }
        precondition((try? decoder.decode(file.data)) == image, "the PNG does not read back as the image")
    }
    return 0
}
