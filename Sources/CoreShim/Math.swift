// libm for the Embedded Swift build of the engine core (wasi-libc's libm is linked in by
// scripts/build-wasm.sh); natively the core gets these from Foundation and Glibc.

#if hasFeature(Embedded)
@_extern(c, "hypot") public func hypot(_ x: Double, _ y: Double) -> Double
@_extern(c, "atan2") public func atan2(_ y: Double, _ x: Double) -> Double
@_extern(c, "sin") public func sin(_ x: Double) -> Double
@_extern(c, "cos") public func cos(_ x: Double) -> Double
@_extern(c, "tan") public func tan(_ x: Double) -> Double
@_extern(c, "acos") public func acos(_ x: Double) -> Double
@_extern(c, "asin") public func asin(_ x: Double) -> Double
@_extern(c, "atan") public func atan(_ x: Double) -> Double
@_extern(c, "exp") public func exp(_ x: Double) -> Double
@_extern(c, "log") public func log(_ x: Double) -> Double
@_extern(c, "pow") public func pow(_ x: Double, _ y: Double) -> Double
@_extern(c, "sqrt") public func sqrt(_ x: Double) -> Double
@_extern(c, "floor") public func floor(_ x: Double) -> Double
@_extern(c, "ceil") public func ceil(_ x: Double) -> Double
@_extern(c, "round") public func round(_ x: Double) -> Double
@_extern(c, "fmod") public func fmod(_ x: Double, _ y: Double) -> Double
#endif
