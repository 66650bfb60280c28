//go:build unix

package shallow

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f, read-only; unmap releases them.
func mapFile(f *os.File, size int) (data []byte, unmap func(), err error) {
	if size == 0 {
		return nil, func() {}, nil
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readFile(f, size)
	}
	return data, func() { syscall.Munmap(data) }, nil
}
