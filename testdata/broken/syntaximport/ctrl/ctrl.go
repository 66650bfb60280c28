// Package ctrl imports the package with the syntax error: it cannot be analysed either.
package ctrl

import "example.com/syntaximport/broken"

// G calls into the broken package.
func G() { broken.F(1) }
