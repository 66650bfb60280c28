package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// fileSet is what the file arguments of the command line named: `reconcilelint
// controllers/x_controller.go api/y.go`, as pre-commit and editors pass them.
//
// A file argument selects the package that contains it (each file may be in a
// different package), and findings are reported only in the named files: the package is
// still analysed whole, so that a chain through its other files (and through other
// packages) is followed, but findings elsewhere in it are not printed. Package patterns
// given next to files report their packages whole.
type fileSet struct {
	files    map[string]bool // absolute, cleaned
	patterns []string        // the other patterns
}

// fileArgs replaces each argument that names a .go file by the go/packages query of
// its package ("file=ABS"), and returns the files.
func fileArgs(wd string, args []string) ([]string, *fileSet, error) {
	fs := &fileSet{files: map[string]bool{}}
	var out []string
	for _, a := range args {
		if !strings.HasSuffix(a, ".go") || strings.Contains(a, "...") {
			out = append(out, a)
			fs.patterns = append(fs.patterns, a)
			continue
		}
		abs := a
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, a)
		}
		abs = filepath.Clean(abs)
		st, err := os.Stat(abs)
		if err != nil {
			return nil, nil, fmt.Errorf("file argument %s: %v", a, err)
		}
		if st.IsDir() {
			out = append(out, a)
			fs.patterns = append(fs.patterns, a)
			continue
		}
		fs.files[abs] = true
		out = append(out, "file="+abs)
	}
	return out, fs, nil
}

// wholePackages returns the IDs of the packages matched by the package patterns given
// next to file arguments (nil when there are no file arguments or no other patterns).
func (fs *fileSet) wholePackages(cfg *packages.Config) (map[string]bool, error) {
	if len(fs.files) == 0 || len(fs.patterns) == 0 {
		return nil, nil
	}
	c := *cfg
	c.Mode = packages.NeedName
	pkgs, err := packages.Load(&c, fs.patterns...)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	for _, p := range pkgs {
		ids[p.ID] = true
	}
	return ids, nil
}

// keep reports whether a finding of package id in file is reported.
func (fs *fileSet) keep(whole map[string]bool, id, file string) bool {
	if len(fs.files) == 0 || whole[id] {
		return true
	}
	return fs.files[filepath.Clean(file)]
}
