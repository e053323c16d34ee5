// The engine core's types (PointerEvent, Viewport, InkPreset, ToolPreferences...) are part of
// the editor's API, so importing MarginaliaEditor is enough to drive an editor.
@_exported import MarginaliaCore
