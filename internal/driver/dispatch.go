package driver

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
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
		case "clean-cache":
			return cleanCache(args[1:], stdout, stderr)
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
			// A bad configuration stops go vet here, once, with its reason (the go
			// command prints the standard error of -V=full).
			if _, err := LoadConfig(FindConfig(wd)); err != nil {
				// The go command follows any failure of -V=full with its own line
				// ("go: error obtaining buildID for go vet: exit status 2"), whatever
				// the tool does: an exit 0 there would run the tool with a bad
				// configuration on every package, and print the error once per
				// package. Stopping once is better; say what the line means.
				fmt.Fprintln(stderr, "reconcilelint:", err)
				fmt.Fprintln(stderr, "reconcilelint: fix the configuration file; go vet stops here (the go command's \"error obtaining buildID\" line below means only that)")
				return ExitUsage
			}
			return printToolID(stdout, wd)
		}
		cfgPath := FindConfig(wd)
		cfg, err := LoadConfig(cfgPath)
		if err != nil {
			if slices.Contains(args, "-flags") || slices.Contains(args, "--flags") {
				// The go command discards the standard error of -flags and says only
				// "-flags failed: exit status 2": answer with the flags of the default
				// configuration, and report the error on the next question (-V=full),
				// whose standard error the go command prints, or in each package.
				cfg = analyzers.DefaultConfig()
			} else {
				fmt.Fprintln(stderr, "reconcilelint:", err)
				return ExitUsage
			}
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
		fmt.Fprint(stdout, `reconcilelint finds the documented pitfalls of Kubernetes controller code.

usage: reconcilelint [flags] packages...   analyse packages (reconcilelint -h for flags)
       reconcilelint [flags] files...      analyse the packages of these .go files, report
                                           findings in these files only
       go vet -vettool=$(which reconcilelint) packages...

subcommands:
  help [RULE|config]  this list, a rule's documentation, or the configuration file
  explain RULE        a rule's documentation with its run-time trace
  config              print the effective configuration (-config FILE to choose one)
  clean-cache         remove the result cache (-cache-dir DIR to choose the directory)
  lsp                 language server over stdio (docs/editors.md)
  version             print the version

exit codes: 0 no findings, 1 findings, 2 usage or configuration error,
            3 the analysis could not complete

rules (fix: -fix applies a suggested fix):
`)
		for _, n := range analyzers.Names() {
			r, _ := analyzers.Lookup(n)
			var notes []string
			if r.Fix {
				notes = append(notes, "fix")
			}
			if !r.Default {
				notes = append(notes, "off by default")
			}
			state := ""
			if len(notes) > 0 {
				state = " (" + strings.Join(notes, ", ") + ")"
			}
			fmt.Fprintf(stdout, "  %-18s %s%s\n", n, r.Title, state)
		}
		return ExitClean
	}
	code := ExitClean
	for _, name := range args {
		if name == "config" && cmd == "help" {
			fmt.Fprint(stdout, configHelp())
			continue
		}
		if _, ok := analyzers.Lookup(name); !ok {
			fmt.Fprintf(stderr, "reconcilelint: %s\n", unknownRule(name))
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
		fmt.Fprint(stdout, renderTerminal(text))
	}
	return code
}

// unknownRule is the error for a rule name that is not in the registry, with the
// closest name when one is near.
func unknownRule(name string) string {
	msg := fmt.Sprintf("unknown rule %q", name)
	if s := analyzers.Suggest(name); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg + " (known: " + strings.Join(analyzers.Names(), ", ") + ")"
}

// configHelp describes .reconcilelint.yaml, with every rule's options and defaults.
func configHelp() string {
	var b strings.Builder
	b.WriteString(`The configuration file
======================

reconcilelint reads ` + ConfigFileName + `, the nearest one at or above the working
directory (or the file given with -config). go vet -vettool and the language server
find it the same way. Unknown keys and bad values are errors that name the line and
the key. ` + "`reconcilelint config`" + ` prints the configuration in effect.

Keys:
  enable: [RULE, ...]    rules to run in addition to the default ones ("all": every rule)
  disable: [RULE, ...]   rules to turn off ("all": none, then enable lists the rules)
  exclude: [GLOB, ...]   drop findings in files matching a glob; globs are slash-separated
                         and relative to the directory of the configuration file,
                         wherever the command runs; a glob also matches a base name,
                         and "dir/**" everything under dir
  rules:                 per-rule options, rules.RULE.OPTION

Rule options and their defaults:
`)
	settings := reflect.ValueOf(analyzers.DefaultRuleSettings())
	for i := 0; i < settings.NumField(); i++ {
		rule, _, _ := strings.Cut(settings.Type().Field(i).Tag.Get("json"), ",")
		opts := settings.Field(i)
		for k := 0; k < opts.NumField(); k++ {
			opt, _, _ := strings.Cut(opts.Type().Field(k).Tag.Get("json"), ",")
			if opt == "" || opt == "-" {
				continue
			}
			v := opts.Field(k)
			def, _ := json.Marshal(v.Interface())
			if v.Kind() == reflect.Slice && v.Len() == 0 {
				def = []byte("[]")
			}
			fmt.Fprintf(&b, "  rules.%s.%s: %s\n", rule, opt, def)
		}
	}
	b.WriteString(`
Example:

    disable: [retryloop]
    exclude: ["internal/generated/**", "zz_generated.*.go"]
    rules:
      sleep:
        allow: [mypkg.WaitForCache]

See also: reconcilelint help RULE (a rule's options are documented there).
`)
	return b.String()
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
