package analyzerutil

import "strings"

// ShortKind is "Name" of a kind written "path.Name" (the wiring pass's kind keys).
func ShortKind(kind string) string {
	return kind[strings.LastIndex(kind, ".")+1:]
}
