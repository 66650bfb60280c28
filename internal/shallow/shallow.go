// Package shallow trims the compiler's export data to what a type checker reads.
//
// The go command's export data (go list -export) is written for the compiler: besides
// the types and declarations of a package, it carries the bodies of inlinable
// functions, the compiler's per-object extension records and the declarations of every
// object of other packages that those bodies mention. go/types reads none of that, but
// the standard library's importer keeps the whole file in memory for as long as any
// type it decoded may still be completed lazily, which in a run over a module is to
// the end: on cluster-api the export data of the module's direct imports is about
// 67 MB, most of a cold run's live heap.
//
// Prune rewrites a package's export data so that it holds only the elements the type
// checker's importer can reach: starting from the public root, it follows each
// element's reference table, keeps what it reaches, numbers the kept elements again in
// their old order and rewrites the reference tables to match. Element bytes past the
// reference table are copied unchanged; they refer to other elements only through that
// table, so the result decodes to the same types, objects and positions. The compiler
// could not use the result (its bodies and private root are gone); nothing here gives
// it to the compiler.
//
// The format is the unified IR of the Go toolchain (internal/pkgbits, versions 0 to 2).
// Prune returns its input unchanged, with ok false, for anything else it does not
// recognise: another version, sync markers (a debugging build of the compiler), a file
// that is not an archive with a __.PKGDEF member. The importer then reads the file
// whole, as it would without this package.
//
// No library offers this: gopls writes its own "shallow" export data from type-checked
// packages in x/tools' internal packages, which other modules cannot import; the
// standard library's and x/tools' importers only read.
package shallow

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"slices"
	"strconv"
	"sync"
)

// Sections of unified export data, in the order they are laid out (pkgbits.SectionKind).
const (
	secString = iota
	secMeta
	secPosBase
	secPkg
	secName
	secType
	secObj
	secObjExt
	secObjDict
	secBody
	numSections
)

const (
	maxVersion      = 2 // pkgbits.V2
	flagSyncMarkers = 1
	publicRoot      = 0 // index of the public root in the meta section
	fingerprintSize = 8
	arHeaderSize    = 60
	endMarker       = "\n$$\n"
)

var errFormat = errors.New("not unified export data this package knows")

// Prune returns file (the contents of a package's export data file as the go command
// writes it: an archive whose first member is __.PKGDEF) with the export data reduced
// to what go/types' importer reads. ok is false, and file returned as it is, when the
// format is not one Prune knows.
//
// path is the package's path, and known, when not nil, reports whether the importer
// that will read the result already holds the object name of the package at pkgPath
// (in a package it imported whole). The importer reads an object's declaration only
// when the object's package does not yet have it; for known objects Prune keeps the
// name, which the importer looks up, and drops the declaration and all that only it
// refers to. Export data embeds the declaration of every object of other packages that
// it mentions (every Kubernetes API type a controller's fields or signatures use), so
// read after its imports, a package's export data shrinks to little more than its own.
func Prune(file []byte, path string, known func(pkgPath, name string) bool) (out []byte, ok bool) {
	out, err := prune(file, path, known)
	if err != nil {
		return file, false
	}
	return out, true
}

// member splits file into the archive header of its first member, the member's text up
// to and including the format byte of its export data, and the export data.
func member(file []byte) (hdr, head, data []byte, err error) {
	const magic = "!<arch>\n"
	if !bytes.HasPrefix(file, []byte(magic)) || len(file) < len(magic)+arHeaderSize {
		return nil, nil, nil, errFormat
	}
	hdr = file[len(magic) : len(magic)+arHeaderSize]
	if string(bytes.TrimRight(hdr[:16], " ")) != "__.PKGDEF" || string(hdr[58:60]) != "`\n" {
		return nil, nil, nil, errFormat
	}
	size, err := strconv.Atoi(string(bytes.TrimRight(hdr[48:58], " ")))
	if err != nil || size <= 0 {
		return nil, nil, nil, errFormat
	}
	start := len(magic) + arHeaderSize
	if start+size > len(file) {
		return nil, nil, nil, errFormat
	}
	m := file[start : start+size]
	// The member is the object header lines, "$$B\n", the format byte 'u', the data and
	// the end marker. Header lines never start with "$$".
	i := bytes.Index(m, []byte("\n$$B\nu"))
	if i < 0 || !bytes.HasSuffix(m, []byte(endMarker)) {
		return nil, nil, nil, errFormat
	}
	head = m[:i+len("\n$$B\nu")]
	return hdr, head, m[len(head) : len(m)-len(endMarker)], nil
}

func prune(file []byte, path string, known func(pkgPath, name string) bool) ([]byte, error) {
	const magic = "!<arch>\n"
	_, head, data, err := member(file)
	if err != nil {
		return nil, err
	}
	// The archive header and the member's head are kept; the size is set below.
	prefix := file[:len(magic)+arHeaderSize+len(head)]
	out, err := pruneData(prefix, data, path, known)
	if err != nil {
		return nil, err
	}
	out = append(out, endMarker...)
	size := len(out) - len(magic) - arHeaderSize
	if size%2 == 1 {
		out = append(out, '\n')
	}
	sz := strconv.Itoa(size)
	if len(sz) > 10 {
		return nil, errFormat
	}
	copy(out[len(magic)+48:len(magic)+58], sz+"          "[:10-len(sz)])
	return out, nil
}

// decoded is the input's element table.
type decoded struct {
	ends     [numSections]uint32 // running element counts at the end of each section
	elemEnds []uint32            // byte offset of the end of each element in elems
	elems    []byte
	scratch  [2][]ref // reference tables objName decodes
}

func (d *decoded) count(k int) int {
	if k == 0 {
		return int(d.ends[0])
	}
	return int(d.ends[k] - d.ends[k-1])
}

func (d *decoded) bytes(k, idx int) []byte {
	abs := idx
	if k > 0 {
		abs += int(d.ends[k-1])
	}
	var lo uint32
	if abs > 0 {
		lo = d.elemEnds[abs-1]
	}
	return d.elems[lo:d.elemEnds[abs]]
}

// objName decodes the package path and name of object i from its name element (its
// reference table, then the indices in that table of its package and of its name);
// a package element holds the index of its path ("" for the package itself).
func (d *decoded) objName(i int, self string) (path, name string, ok bool) {
	n := d.reader(secName, i, 0)
	pkg, nameIdx := n.ref(secPkg), n.ref(secString)
	p := d.reader(secPkg, pkg, 1)
	pathIdx := p.ref(secString)
	if !n.ok || !p.ok {
		return "", "", false
	}
	if name, ok = d.str(nameIdx); !ok {
		return "", "", false
	}
	if path, ok = d.str(pathIdx); !ok {
		return "", "", false
	}
	if path == "" {
		path = self
	}
	return path, name, true
}

// elemReader reads the references at the start of an element's own bytes, each an
// index into its reference table, as the importer reads them. ok turns false, for good,
// at the first thing it cannot read.
type elemReader struct {
	elem []byte
	rs   []ref
	off  int
	ok   bool
}

// reader returns a reader of element i of section k (whose reference table is decoded
// into d.scratch[scratch]); a reader of an element that does not exist is not ok.
func (d *decoded) reader(k, i, scratch int) elemReader {
	if i < 0 || i >= d.count(k) {
		return elemReader{}
	}
	elem := d.bytes(k, i)
	rs, off, err := refs(elem, d.scratch[scratch])
	d.scratch[scratch] = rs
	return elemReader{elem: elem, rs: rs, off: off, ok: err == nil}
}

// ref reads the next reference, which must be to section sec, and returns the index of
// the element it refers to (-1 when the reader is not ok).
func (r *elemReader) ref(sec int) int {
	if !r.ok {
		return -1
	}
	x, w := binary.Uvarint(r.elem[r.off:])
	if w <= 0 || x >= uint64(len(r.rs)) || r.rs[x].sec != sec {
		r.ok = false
		return -1
	}
	r.off += w
	return r.rs[x].idx
}

func (d *decoded) str(i int) (string, bool) {
	if i < 0 || i >= d.count(secString) {
		return "", false
	}
	return string(d.bytes(secString, i)), true
}

// ref is one entry of an element's reference table.
type ref struct{ sec, idx int }

// refs decodes the reference table at the start of an element (every section but
// strings has one) and returns it with the offset of the element's own bytes.
//
// The table is decoded into buf, reused.
func refs(elem []byte, buf []ref) ([]ref, int, error) {
	n, off := binary.Uvarint(elem)
	if off <= 0 || n > uint64(len(elem)) {
		return nil, 0, errFormat
	}
	rs := slices.Grow(buf[:0], int(n))[:n]
	for i := range rs {
		k, w := binary.Uvarint(elem[off:])
		if w <= 0 || k >= numSections {
			return nil, 0, errFormat
		}
		off += w
		x, w := binary.Uvarint(elem[off:])
		if w <= 0 || x > 1<<31 {
			return nil, 0, errFormat
		}
		off += w
		rs[i] = ref{int(k), int(x)}
	}
	return rs, off, nil
}

// parallel reports whether elements of section k share their index with the object
// section: the importer reads an object's name, declaration and dictionary at the same
// index of the name, object and dictionary sections (the compiler's extension records
// too).
func parallel(k int) bool {
	return k == secName || k == secObj || k == secObjExt || k == secObjDict
}

// opaque reports whether the importer never reads elements of section k: function
// bodies and the compiler's extension records. Such an element is kept, empty, only
// where another kept element refers to it (or, for extension records, to keep the
// object indices in step).
func opaque(k int) bool { return k == secObjExt || k == secBody }

// pruneData returns prefix followed by data pruned.
func pruneData(prefix, data []byte, self string, known func(pkgPath, name string) bool) ([]byte, error) {
	r := bytes.NewReader(data)
	var version, flags uint32
	if binary.Read(r, binary.LittleEndian, &version) != nil || version > maxVersion {
		return nil, errFormat
	}
	if version >= 1 {
		if binary.Read(r, binary.LittleEndian, &flags) != nil || flags&flagSyncMarkers != 0 {
			return nil, errFormat
		}
	}
	var d decoded
	if binary.Read(r, binary.LittleEndian, d.ends[:]) != nil {
		return nil, errFormat
	}
	for k := 1; k < numSections; k++ {
		if d.ends[k] < d.ends[k-1] {
			return nil, errFormat
		}
	}
	total := d.ends[numSections-1]
	if uint64(total)*4 > uint64(r.Len()) {
		return nil, errFormat
	}
	d.elemEnds = make([]uint32, total)
	if binary.Read(r, binary.LittleEndian, d.elemEnds) != nil {
		return nil, errFormat
	}
	rest := data[len(data)-r.Len():]
	if len(rest) < fingerprintSize {
		return nil, errFormat
	}
	d.elems = rest[:len(rest)-fingerprintSize]
	fingerprint := rest[len(rest)-fingerprintSize:]
	var prev uint32
	for _, e := range d.elemEnds {
		if e < prev {
			return nil, errFormat
		}
		prev = e
	}
	if total == 0 || int(prev) != len(d.elems) || d.count(secMeta) <= publicRoot {
		return nil, errFormat
	}

	// Mark what the public root reaches. An object index marks its name, declaration
	// and dictionary; its compiler extension record is kept (empty) for its index alone.
	var marked [numSections][]bool
	for k := range marked {
		marked[k] = make([]bool, d.count(k))
	}
	var work, table []ref
	// declared[i] is false for an object whose declaration is dropped: its declaration
	// and dictionary are written as empty elements, so that object indices stay in step.
	declared := make([]bool, d.count(secObj))
	decided := make([]bool, len(declared))
	for i := range declared {
		declared[i] = true
	}
	mark := func(x ref) error {
		if x.idx >= len(marked[x.sec]) {
			return errFormat
		}
		var group [3]int
		ks := append(group[:0], x.sec)
		if parallel(x.sec) && x.sec != secObjExt {
			if x.idx >= len(declared) {
				return errFormat
			}
			if !decided[x.idx] {
				decided[x.idx] = true
				if known != nil {
					if path, name, ok := d.objName(x.idx, self); ok && known(path, name) {
						// The importer finds the object and never reads its declaration.
						declared[x.idx] = false
					}
				}
			}
			ks = append(group[:0], secName)
			if declared[x.idx] {
				ks = append(ks, secObj, secObjDict)
			}
		}
		for _, k := range ks {
			if x.idx >= len(marked[k]) {
				return errFormat
			}
			if !marked[k][x.idx] {
				marked[k][x.idx] = true
				if k != secString && !opaque(k) {
					work = append(work, ref{k, x.idx})
				}
			}
		}
		return nil
	}
	if err := mark(ref{secMeta, publicRoot}); err != nil {
		return nil, err
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		rs, _, err := refs(d.bytes(x.sec, x.idx), table)
		table = rs
		if err != nil {
			return nil, err
		}
		for _, y := range rs {
			if err := mark(y); err != nil {
				return nil, err
			}
		}
	}
	// The object sections keep their indices in step: an extension record is kept (as an
	// empty element) wherever an object is, and nothing else of it.
	// The object, declaration and dictionary sections keep their indices in step too:
	// a dropped declaration is an empty element where its name is kept.
	for i, m := range marked[secName] {
		if !m {
			continue
		}
		for _, k := range []int{secObj, secObjDict, secObjExt} {
			if i < len(marked[k]) {
				marked[k][i] = true
			}
		}
	}

	// New indices, in the old order.
	var index [numSections][]int32
	for k := range index {
		index[k] = make([]int32, len(marked[k]))
		n := int32(0)
		for i, m := range marked[k] {
			if m {
				index[k][i] = n
				n++
			} else {
				index[k][i] = -1
			}
		}
	}

	// The size of the result is at most the kept elements' old sizes (a reference table
	// with smaller indices is no longer), so one allocation holds it all.
	count, bound := 0, 0
	for k := range marked {
		for i, m := range marked[k] {
			if m {
				count++
				bound += len(d.bytes(k, i))
			}
		}
	}
	hdrLen := 4 + 4*numSections + 4*count
	if version >= 1 {
		hdrLen += 4
	}
	out := make([]byte, len(prefix)+hdrLen, len(prefix)+hdrLen+bound+count+fingerprintSize+len(endMarker)+1)
	copy(out, prefix)
	hdr := out[len(prefix):]
	binary.LittleEndian.PutUint32(hdr, version)
	hdr = hdr[4:]
	if version >= 1 {
		binary.LittleEndian.PutUint32(hdr, flags)
		hdr = hdr[4:]
	}
	ends, elemEnds := hdr[:4*numSections], hdr[4*numSections:]
	start := len(out)
	n := 0
	for k := 0; k < numSections; k++ {
		for i, m := range marked[k] {
			if !m {
				continue
			}
			elem := d.bytes(k, i)
			switch {
			case k == secString:
				out = append(out, elem...)
			case opaque(k), (k == secObj || k == secObjDict) && !declared[i]:
				// An empty reference table: the type checker's importer never reads it.
				out = append(out, 0)
			default:
				rs, off, err := refs(elem, table)
				table = rs
				if err != nil {
					return nil, err
				}
				out = binary.AppendUvarint(out, uint64(len(rs)))
				for _, y := range rs {
					x := index[y.sec][y.idx]
					if x < 0 {
						return nil, errFormat
					}
					out = binary.AppendUvarint(out, uint64(y.sec))
					out = binary.AppendUvarint(out, uint64(x))
				}
				out = append(out, elem[off:]...)
			}
			binary.LittleEndian.PutUint32(elemEnds[4*n:], uint32(len(out)-start))
			n++
		}
		binary.LittleEndian.PutUint32(ends[4*k:], uint32(n))
	}
	out = append(out, fingerprint...)
	return out, nil
}

// Importer returns an importer of the go command's export data, file(path) naming each
// package's file, safe for concurrent use. It is the standard library's reader (which
// follows the toolchain's format) over export data pruned by Prune, known being the
// packages this importer already imported whole. Importing a package's imports before
// it prunes the most.
func Importer(fset *token.FileSet, file func(path string) (string, bool)) func(path string) (*types.Package, error) {
	var mu sync.Mutex
	done := map[string]*types.Package{} // packages imported whole; under mu
	known := func(path, name string) bool {
		p := done[path]
		return p != nil && p.Scope().Lookup(name) != nil
	}
	gc := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		name, ok := file(path)
		if !ok || name == "" {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return open(name, path, known)
	})
	return func(path string) (*types.Package, error) {
		mu.Lock()
		defer mu.Unlock()
		pkg, err := gc.Import(path)
		if err == nil && pkg.Complete() {
			done[path] = pkg
		}
		return pkg, err
	}
}
