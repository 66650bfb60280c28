package lsp

// Offset converts an LSP position to a byte offset (for the tests).
var Offset = offset
