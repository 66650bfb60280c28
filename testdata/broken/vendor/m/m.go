// Package m uses a vendored dependency; vendor/modules.txt is out of date.
package m

import "example.com/dep"

// F calls dep.
func F() { dep.D() }
