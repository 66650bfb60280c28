// Package native calls C.
package native

// #include <stdlib.h>
// static int twice(int x) { return 2 * x; }
import "C"

// Twice doubles n in C.
func Twice(n int) int { return int(C.twice(C.int(n))) }
