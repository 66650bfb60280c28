package driver

import (
	"crypto/sha256"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint"
	"github.com/reconcilelint/reconcilelint/analyzers"
)

// LSP runs the language server (`reconcilelint lsp`). Package internal/lsp sets it in
// its init function: it imports this package, so this package cannot import it.
var LSP func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Dispatch runs the subcommand named by args: help, explain, the vet-tool protocol, the
// language server, or the standalone driver.
func Dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "explain":
			return help(args[0], args[1:], stdout, stderr)
		case "version", "-version", "--version":
			if len(args) != 1 {
				fmt.Fprintln(stderr, "usage: reconcilelint version")
				return ExitUsage
			}
			return printVersion(stdout)
		case "config":
			wd, _ := os.Getwd()
			path := FindConfig(wd)
			if len(args) == 3 && (args[1] == "-config" || args[1] == "--config") {
				path = args[2]
			} else if len(args) != 1 {
				fmt.Fprintln(stderr, "usage: reconcilelint config [-config FILE]")
				return ExitUsage
			}
			return printConfig(stdout, path)
		case "lsp":
			if LSP == nil {
				fmt.Fprintln(stderr, "reconcilelint: this binary was built without the language server")
				return ExitUsage
			}
			return LSP(args[1:], os.Stdin, stdout, stderr)
		}
	}
	if isVetTool(args) {
		wd, _ := os.Getwd()
		if slices.Contains(args, "-V=full") {
			return printToolID(stdout, wd)
		}
		cfgPath := FindConfig(wd)
		cfg, err := LoadConfig(cfgPath)
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		// go vet runs the tool in each package's directory: exclude globs are matched
		// relative to the directory of the configuration file (the module root, where
		// the standalone driver usually runs).
		var exclude func(file string) bool
		if len(cfg.Exclude) > 0 {
			base := filepath.Dir(cfgPath)
			exclude = func(file string) bool { return cfg.Excluded(relPath(base, file)) }
		}
		as, err := cfg.Analyzers()
		if err != nil {
			fmt.Fprintln(stderr, "reconcilelint:", err)
			return ExitUsage
		}
		protect(as)
		var all []*analysis.Analyzer
		for _, r := range analyzers.Rules {
			all = append(all, r.Analyzer)
		}
		return RunUnit(args, as, append(all, as...), exclude, stdout, stderr)
	}
	return Main(args, stdout, stderr)
}

// printToolID answers the go command's -V=full question. The go command keys its vet
// cache on the tool ID it reads here and on the vet flags, never on files the tool reads
// by itself: with an ID of the executable alone (what x/tools' unitchecker prints), a
// change to .reconcilelint.yaml would replay cached results of the old configuration (a
// rule just enabled would report nothing on unchanged packages). So the ID hashes the
// executable's Go build ID (or, without one, its content) and the
// configuration file found from the directory go vet runs in (the module root, usually;
// packages read the file nearest to them, which is the same one unless a subdirectory
// has its own).
func printToolID(stdout io.Writer, wd string) int {
	h := sha256.New()
	exe, err := os.Executable()
	if err == nil {
		if id := goBuildID(exe); id != "" {
			// The build ID the go command stamped into the binary names its content
			// already; hashing the 14 MB executable cost 15 ms of every go vet run.
			fmt.Fprintf(h, "buildid\x00%s\x00", id)
		} else {
			var f *os.File
			if f, err = os.Open(exe); err == nil {
				_, err = io.Copy(h, f)
				f.Close()
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reconcilelint:", err)
		return ExitIncomplete
	}
	if path := FindConfig(wd); path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "reconcilelint:", err)
			return ExitUsage
		}
		fmt.Fprintf(h, "\x00config\x00%s\x00", path)
		h.Write(data)
	}
	fmt.Fprintf(stdout, "%s version devel comments-go-here buildID=%x\n", exe, h.Sum(nil))
	return ExitClean
}

// isVetTool reports whether the go command invokes us as a vet or fix tool: it asks
// for -V=full or -flags, or passes a single *.cfg file after flags.
func isVetTool(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") && !strings.HasPrefix(args[len(args)-1], "-")
}

func help(cmd string, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if cmd == "explain" {
			fmt.Fprintln(stderr, "reconcilelint: explain needs a rule name; rules:", strings.Join(analyzers.Names(), ", "))
			return ExitUsage
		}
		fmt.Fprintln(stdout, "reconcilelint finds the documented pitfalls of Kubernetes controller code.\n\nusage: reconcilelint [flags] packages...    (reconcilelint -h for flags)\n       reconcilelint help|explain RULE\n\nrules:")
		for _, n := range analyzers.Names() {
			r, _ := analyzers.Lookup(n)
			state := ""
			if !r.Default {
				state = " (off by default)"
			}
			fmt.Fprintf(stdout, "  %-18s %s%s\n", n, r.Title, state)
		}
		return ExitClean
	}
	code := ExitClean
	for _, name := range args {
		if _, ok := analyzers.Lookup(name); !ok {
			fmt.Fprintf(stderr, "reconcilelint: unknown rule %q (known: %s)\n", name, strings.Join(analyzers.Names(), ", "))
			code = ExitUsage
			continue
		}
		data, err := reconcilelint.RuleDocs.ReadFile("docs/rules/" + name + ".md")
		if err != nil {
			fmt.Fprintf(stderr, "reconcilelint: no documentation for %s: %v\n", name, err)
			code = ExitIncomplete
			continue
		}
		text := string(data)
		if cmd == "help" {
			// help prints the rule's text without the generated run-time trace.
			if i := strings.Index(text, "\n## What happens at run time"); i >= 0 {
				j := strings.Index(text[i+1:], "\n## ")
				if j >= 0 {
					text = text[:i] + text[i+1+j:]
				} else {
					text = text[:i]
				}
			}
		}
		if strings.HasPrefix(text, "<!--") {
			if i := strings.Index(text, "-->\n"); i >= 0 {
				text = strings.TrimLeft(text[i+4:], "\n")
			}
		}
		fmt.Fprint(stdout, text)
	}
	return code
}

// goBuildID returns the Go build ID the go command stamps into an executable it builds
// (a hash of its inputs and of its content), or "" if the file has none (built with
// -ldflags=-buildid=, or a format this reader does not know).
func goBuildID(exe string) string {
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if sec := f.Section(".note.go.buildid"); sec != nil {
			// One ELF note: name size, description size, type, "Go\x00\x00", the ID.
			data, err := sec.Data()
			if err != nil || len(data) < 16 {
				return ""
			}
			order := f.ByteOrder
			namesz, descsz := order.Uint32(data[0:]), order.Uint32(data[4:])
			if namesz != 4 || string(data[12:16]) != "Go\x00\x00" || uint64(len(data)) < 16+uint64(descsz) {
				return ""
			}
			return string(data[16 : 16+descsz])
		}
		return ""
	}
	// Other formats carry the ID as a marked string near the start of the text.
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, buf)
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	data := string(buf[:n])
	i := strings.Index(data, prefix)
	if i < 0 {
		return ""
	}
	rest := data[i+len(prefix):]
	j := strings.Index(rest, suffix)
	if j <= 0 {
		return ""
	}
	return rest[:j]
}
