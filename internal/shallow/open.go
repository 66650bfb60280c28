package shallow

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
)

// open returns a reader of the export data file name (of the package at path), pruned.
// The file is read up to the end of its first member: the go command's export files
// hold nothing else, and an archive with object code holds more that the importer
// never reads. Where the platform allows, the file is mapped rather than read, so that
// only the pruned copy is allocated.
func open(name, path string, known func(pkgPath, name string) bool) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	const magic = "!<arch>\n"
	head := make([]byte, len(magic)+arHeaderSize)
	n, err := io.ReadFull(f, head)
	size := 0
	if err == nil {
		size, err = strconv.Atoi(string(bytes.TrimRight(head[len(magic)+48:len(magic)+58], " ")))
	}
	if err == nil {
		// A file shorter than its header says must not be mapped (reading past its end
		// would fault).
		var fi os.FileInfo
		if fi, err = f.Stat(); err == nil && fi.Size() < int64(len(head)+size) {
			size = 0
		}
	}
	if err != nil || size <= 0 || string(head[:len(magic)]) != magic {
		// Not an archive: whatever it is, the importer will say what is wrong with it.
		rest, err := io.ReadAll(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return io.NopCloser(io.MultiReader(bytes.NewReader(head[:n]), bytes.NewReader(rest))), nil
	}
	file, unmap, err := mapFile(f, len(head)+size)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	defer unmap()
	out, ok := Prune(file, path, known)
	if !ok {
		// Unpruned, the bytes must outlive the mapping.
		out = bytes.Clone(file)
	}
	return io.NopCloser(bytes.NewReader(out)), nil
}

// readFile reads the first size bytes of f.
func readFile(f *os.File, size int) ([]byte, func(), error) {
	data := make([]byte, size)
	if _, err := f.ReadAt(data, 0); err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}
