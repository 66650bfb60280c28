// Package cache is reconcilelint's result cache: a content-addressed store of byte
// strings under 32-byte keys, in a directory of the user's cache or behind a
// GOCACHEPROG program, as the go command keeps its build cache.
//
// The layout follows the go command's build cache (cmd/go/internal/cache): an entry
// file NN/KEY-a records the hash and size of the output and when it was written; the
// output itself is NN/OUT-d, named by the hash of its contents, so identical outputs
// are stored once. Files are written to a temporary name and renamed, so a reader sees
// a whole file or none, and several processes may share one directory. An entry whose
// output is missing, has the wrong size or the wrong hash is a miss, never a wrong
// result. Entries not used for five days are removed, at most once a day (Trim), as the
// go command trims its cache; using an entry refreshes its time at most once an hour.
//
// The package is our own rather than honnef.co/go/tools/lintcmd/cache (staticcheck's
// copy of the go command's cache): importing it would add honnef.co/go/tools to the
// module graph of every operator that pins reconcilelint with go get -tool, and with it
// the requirements of its go.mod (github.com/BurntSushi/toml, github.com/google/go-cmp,
// golang.org/x/exp), which raise an operator's own versions of them. The go command's
// cache itself is internal to the toolchain. What we need of it is small: get, put,
// trim, and the GOCACHEPROG protocol (prog.go).
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Key is the key of an entry: the hash of everything the stored result depends on.
type Key [sha256.Size]byte

// String is the key in hexadecimal.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Cache stores results under keys. Implementations are safe for concurrent use.
type Cache interface {
	// Get returns the bytes stored under k, and false on a miss. An error is a
	// problem with the cache itself (the caller warns and treats it as a miss).
	Get(k Key) ([]byte, bool, error)
	// Put stores data under k.
	Put(k Key, data []byte) error
	// Close releases the cache (and stops a GOCACHEPROG program).
	Close() error
	// Describe says where the cache is, for messages.
	Describe() string
}

const (
	entrySuffix = "-a"
	dataSuffix  = "-d"
	// trimAge: entries unused for this long are removed (the go command's limit).
	trimAge = 5 * 24 * time.Hour
	// trimEvery: how often Trim looks at the directory.
	trimEvery = 24 * time.Hour
	// touchAge: a used entry's time is refreshed when it is older than this.
	touchAge = time.Hour
	// entryVersion starts every entry file.
	entryVersion = "rlc1"
	// readme is written at the top of a new cache directory.
	readme = "This directory holds cached results of reconcilelint (reconcilelint clean-cache removes them).\n"
)

// Disk is a cache in a directory.
type Disk struct {
	dir string
	now func() time.Time
}

// OpenDisk opens (creating it when needed) the cache directory dir.
func OpenDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	readmeFile := filepath.Join(dir, "README")
	if _, err := os.Stat(readmeFile); errors.Is(err, fs.ErrNotExist) {
		if err := os.WriteFile(readmeFile, []byte(readme), 0o666); err != nil {
			return nil, err
		}
	}
	return &Disk{dir: dir, now: time.Now}, nil
}

// Dir is the cache's directory.
func (d *Disk) Dir() string { return d.dir }

// Describe implements Cache.
func (d *Disk) Describe() string { return d.dir }

func (d *Disk) file(hexName, suffix string) string {
	return filepath.Join(d.dir, hexName[:2], hexName+suffix)
}

// Get implements Cache.
func (d *Disk) Get(k Key) ([]byte, bool, error) {
	entry := d.file(k.String(), entrySuffix)
	raw, err := os.ReadFile(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	out, size, err := parseEntry(raw)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", entry, err)
	}
	data, err := os.ReadFile(d.file(out, dataSuffix))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil // trimmed by another process between the two reads
	}
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) != size || hex.EncodeToString(sum(data)) != out {
		return nil, false, fmt.Errorf("%s: output %s does not match its entry (corrupt cache file)", entry, out)
	}
	d.touch(entry)
	return data, true, nil
}

func sum(data []byte) []byte {
	s := sha256.Sum256(data)
	return s[:]
}

// parseEntry reads "rlc1 OUTHEX SIZE UNIXNANO\n".
func parseEntry(raw []byte) (out string, size int64, err error) {
	f := strings.Fields(string(raw))
	if len(f) != 4 || f[0] != entryVersion || len(f[1]) != 2*sha256.Size || !bytes.HasSuffix(raw, []byte("\n")) {
		return "", 0, fmt.Errorf("not a cache entry (corrupt cache file)")
	}
	if _, err := hex.DecodeString(f[1]); err != nil {
		return "", 0, fmt.Errorf("not a cache entry (corrupt cache file)")
	}
	size, err = strconv.ParseInt(f[2], 10, 64)
	if err != nil || size < 0 {
		return "", 0, fmt.Errorf("not a cache entry (corrupt cache file)")
	}
	return f[1], size, nil
}

// touch refreshes the modification time of a used file, at most once an hour, so that
// Trim keeps what is in use.
func (d *Disk) touch(file string) {
	st, err := os.Stat(file)
	if err != nil {
		return
	}
	if now := d.now(); now.Sub(st.ModTime()) > touchAge {
		os.Chtimes(file, now, now)
	}
}

// Put implements Cache.
func (d *Disk) Put(k Key, data []byte) error {
	out := hex.EncodeToString(sum(data))
	if err := os.MkdirAll(filepath.Join(d.dir, out[:2]), 0o777); err != nil {
		return err
	}
	// Written again even when a file of that name exists: it may be a damaged copy.
	if err := writeAtomic(d.file(out, dataSuffix), data); err != nil {
		return err
	}
	name := k.String()
	if err := os.MkdirAll(filepath.Join(d.dir, name[:2]), 0o777); err != nil {
		return err
	}
	entry := fmt.Sprintf("%s %s %d %d\n", entryVersion, out, len(data), d.now().UnixNano())
	return writeAtomic(d.file(name, entrySuffix), []byte(entry))
}

// writeAtomic writes data to a temporary file beside name and renames it.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// Close implements Cache: it trims the directory when it is due.
func (d *Disk) Close() error { return d.Trim() }

// Trim removes the entries and outputs unused for five days. It looks at the directory
// at most once a day (the time of the last look is in the file trim.txt).
func (d *Disk) Trim() error {
	now := d.now()
	stamp := filepath.Join(d.dir, "trim.txt")
	if raw, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64); err == nil && now.Sub(time.Unix(t, 0)) < trimEvery {
			return nil
		}
	}
	// Written first, so that concurrent processes do not all trim.
	if err := writeAtomic(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		return err
	}
	cutoff := now.Add(-trimAge)
	for i := 0; i < 256; i++ {
		sub := filepath.Join(d.dir, fmt.Sprintf("%02x", i))
		ents, err := os.ReadDir(sub)
		if err != nil {
			continue
		}
		for _, e := range ents {
			name := e.Name()
			if !strings.HasSuffix(name, entrySuffix) && !strings.HasSuffix(name, dataSuffix) && !strings.Contains(name, ".tmp") {
				continue
			}
			if info, err := e.Info(); err == nil && info.ModTime().Before(cutoff) {
				os.Remove(filepath.Join(sub, name))
			}
		}
	}
	return nil
}

// Clean removes every entry of the cache directory dir (the directory stays). A
// directory that does not exist is clean.
func Clean(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	// Only what this package writes: a mistaken -cache-dir pointing at a directory
	// of other files removes nothing else.
	var errs []error
	for _, e := range ents {
		name := e.Name()
		switch {
		case e.IsDir() && len(name) == 2 && isHex(name):
			errs = append(errs, os.RemoveAll(filepath.Join(dir, name)))
		case name == "trim.txt":
			errs = append(errs, os.Remove(filepath.Join(dir, name)))
		}
	}
	return errors.Join(errs...)
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// EnvDir is the environment variable that names the cache directory.
const EnvDir = "RECONCILELINT_CACHE"

// DefaultDir returns the cache directory when no flag names one: $RECONCILELINT_CACHE,
// else reconcilelint/results in the user's cache directory (os.UserCacheDir:
// $XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LocalAppData% on
// Windows). "off" means no cache.
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory (%v): set %s or -cache-dir", err, EnvDir)
	}
	return filepath.Join(base, "reconcilelint", "results"), nil
}

// Open opens the cache: the GOCACHEPROG program when prog is not empty (the go
// command's setting, which wins over the directory as it does for the go command), else
// the directory dir.
func Open(dir, prog string, stderr io.Writer) (Cache, error) {
	if prog != "" {
		return StartProg(prog, stderr)
	}
	return OpenDisk(dir)
}
