//go:build !unix

package shallow

import "os"

// mapFile reads the first size bytes of f (no mapping on this platform).
func mapFile(f *os.File, size int) (data []byte, unmap func(), err error) {
	return readFile(f, size)
}
