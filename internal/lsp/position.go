package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// position converts a byte offset of content to an LSP position (UTF-16 columns).
// Offsets past the end are clamped.
func position(content string, offset int) Position {
	if offset > len(content) {
		offset = len(content)
	}
	if offset < 0 {
		offset = 0
	}
	line := strings.Count(content[:offset], "\n")
	start := strings.LastIndexByte(content[:offset], '\n') + 1
	return Position{Line: line, Character: utf16Len(content[start:offset])}
}

// offset converts an LSP position to a byte offset of content, clamped to the line.
func offset(content string, p Position) int {
	off := 0
	for i := 0; i < p.Line; i++ {
		j := strings.IndexByte(content[off:], '\n')
		if j < 0 {
			return len(content)
		}
		off += j + 1
	}
	col := 0
	for off < len(content) && content[off] != '\n' && col < p.Character {
		r, size := utf8.DecodeRuneInString(content[off:])
		col += len(utf16.AppendRune(nil, r))
		off += size
	}
	return off
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// lineAt returns the text of the zero-based line of content, without its newline.
func lineAt(content string, line int) string {
	off := offset(content, Position{Line: line})
	end := strings.IndexByte(content[off:], '\n')
	if end < 0 {
		return content[off:]
	}
	return content[off : off+end]
}

// uriToPath returns the file name of a file:// URI, or "" for other schemes.
func uriToPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // file:///C:/x on Windows
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p))
}

// pathToURI returns the file:// URI of an absolute file name.
func pathToURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
