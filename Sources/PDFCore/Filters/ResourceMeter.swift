/// Counts the memory that work on documents takes, across documents and threads, and
/// refuses more past its bound: a server gives each request one, so that whatever files a
/// request opens, decoding their streams and drawing their pages stops at the request's
/// share of the process's memory.
///
/// A ``PDFFile`` with a meter (``PDFFile/meter``) holds, before decoding a stream, as much as
/// the meter will set aside (``hold(upTo:)``), decodes no further than that, and then
/// settles on what the stream took (``settle(held:charging:for:)``); so work running on
/// several threads at once can never decode more than the meter let it. A renderer charges
/// the rasters it allocates. Charges only add up (nothing is given back when an array is
/// freed), so what a meter has counted bounds what the work can hold at any moment.
///
/// A meter that refused stays refused: work that swallows the error (a renderer that skips
/// what it cannot draw) is still stopped at the next charge, and its caller asks
/// ``refusal`` once the work is done.
public protocol ResourceMeter: AnyObject, Sendable {
    /// Sets aside up to `bytes` for work about to run and returns how many it set aside
    /// (0 once refused): the work must make no more than that.
    func hold(upTo bytes: Int) -> Int
    /// Ends a hold of `held` bytes: `bytes` are charged and the rest of the hold given back.
    ///
    /// - Throws: the meter's own error, naming its bound, when `bytes` is more than `held`
    ///   (the work needed more than the meter could set aside).
    func settle(held: Int, charging bytes: Int, for what: @autoclosure () -> String) throws
    /// The error of the first refusal, nil while nothing was refused.
    var refusal: (any Error)? { get }
}

extension ResourceMeter {
    /// Counts `bytes` more, made for `what` ("a 7000 x 7000 image").
    ///
    /// - Throws: the meter's own error when they do not fit.
    public func charge(_ bytes: Int, for what: @autoclosure () -> String) throws {
        try settle(held: hold(upTo: bytes), charging: bytes, for: what())
    }
}
