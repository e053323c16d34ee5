import Foundation

/// The PDF objects of one image: the image XObject and, for a transparent image, its soft
/// mask (ISO 32000-2, 8.9.5 and 11.6.5.3).
///
/// The soft mask must be an indirect object that the image's `/SMask` entry refers to, so
/// ``image`` comes without `/SMask`: store both with ``addToFile(_:)``, which stores the mask,
/// links it and returns the image's reference:
///
/// ```swift
/// let image = try ImageDecoder.decode(pngData)
/// let reference = try image.pdfObjects().addToFile(file.add)  // file: a PDFFile
/// // page resources: /XObject << /Im0 reference >>; content: q w 0 0 h x y cm /Im0 Do Q
/// ```
public struct ImageXObjects: Sendable, Hashable {
    /// The image XObject, without `/SMask`.
    public var image: PDFStream
    /// The soft mask, a `/DeviceGray` image of the opacity; `nil` for opaque images.
    public var softMask: PDFStream?

    /// Pairs an image XObject (without `/SMask`) with its soft mask.
    public init(image: PDFStream, softMask: PDFStream?) {
        self.image = image
        self.softMask = softMask
    }

    /// Stores the objects through `add` and returns the reference to use in `/XObject`
    /// resources. The soft mask, if any, is stored first and the image's `/SMask` points to it.
    ///
    /// - Parameter add: stores an object as a new indirect object and returns its reference,
    ///   such as `PDFFile.add(_:)`.
    /// - Returns: the reference of the image XObject.
    public func addToFile(_ add: (PDFObject) throws -> PDFReference) rethrows -> PDFReference {
        var image = self.image
        if let softMask {
            let maskReference = try add(.stream(softMask))
            image.dictionary["SMask"] = .reference(maskReference)
        }
        return try add(.stream(image))
    }
}

extension RasterImage {
    /// The image as PDF objects: an image XObject and, when the image has ``alpha``, its soft
    /// mask. JPEG bytes are embedded unchanged as `/DCTDecode`; samples and alpha are
    /// compressed with `/FlateDecode`.
    ///
    /// - Returns: the objects, to store with ``ImageXObjects/addToFile(_:)``.
    /// - Throws: ``ImageError/damaged(_:)`` when the size, the sample count or the alpha count
    ///   do not agree (possible only for images built by hand).
    public func pdfObjects() throws -> ImageXObjects {
        guard width > 0, height > 0, let pixelCount, let sampleCount else {
            throw ImageError.damaged("an image of \(width) × \(height) pixels cannot be embedded")
        }
        var dictionary = imageDictionary(colorSpace: colorSpace.pdfName, bitsPerComponent: bitsPerComponent)
        let bytes: [UInt8]
        switch storage {
        case .jpeg(let data):
            dictionary["Filter"] = .name("DCTDecode")
            bytes = [UInt8](data)
        case .samples(let samples):
            guard bitsPerComponent == 8 else {
                throw ImageError.damaged("samples of \(bitsPerComponent) bits given where 8 are expected")
            }
            guard samples.count == sampleCount else {
                throw ImageError.damaged(
                    "\(samples.count) sample bytes for a \(width) × \(height) image that needs \(sampleCount)")
            }
            dictionary["Filter"] = .name("FlateDecode")
            bytes = try Self.deflate(samples)
        }
        if hasInvertedComponents {
            // 8.9.5.2: the decode array [1 0] per component maps stored 0 to full intensity.
            dictionary["Decode"] = .array(Array(repeating: [1, 0], count: colorSpace.componentCount).flatMap { $0 })
        }

        var softMask: PDFStream?
        if let alpha {
            guard alpha.count == pixelCount else {
                throw ImageError.damaged("\(alpha.count) alpha bytes for a \(width) × \(height) image")
            }
            var maskDictionary = imageDictionary(colorSpace: "DeviceGray", bitsPerComponent: 8)
            maskDictionary["Filter"] = .name("FlateDecode")
            softMask = PDFStream(dictionary: maskDictionary, rawBytes: try Self.deflate(alpha))
        }
        return ImageXObjects(image: PDFStream(dictionary: dictionary, rawBytes: bytes), softMask: softMask)
    }

    /// The entries every image XObject has (8.9.5, table 87).
    private func imageDictionary(colorSpace: String, bitsPerComponent: Int) -> PDFDictionary {
        PDFDictionary([
            ("Type", .name("XObject")),
            ("Subtype", .name("Image")),
            ("Width", .integer(width)),
            ("Height", .integer(height)),
            ("ColorSpace", .name(colorSpace)),
            ("BitsPerComponent", .integer(bitsPerComponent)),
        ])
    }
}

extension RasterImage {
    /// Samples compressed for `/FlateDecode`; zlib failing is reported as an image error.
    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        do {
            return try PDFStream.deflate(input)
        } catch {
            throw ImageError.damaged("the samples could not be compressed (\(error))")
        }
    }
}
