package driver

import (
	"errors"
	"flag"
	"fmt"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/cache"
)

// options is the outcome of the flags-and-configuration phase: everything the later
// phases need, checked.
type options struct {
	patterns    []string
	wd          string
	format      string
	output      string
	sarifOut    string
	baseFile    string
	writeBase   string
	fix, diff   bool
	tags        string
	timing      bool
	quiet       bool
	cpuProfile  string
	memProfile  string
	analyzers   []*analysis.Analyzer
	cfg         analyzers.Config
	excludeBase string // exclude globs are relative to it
	base        *baseline
	cache       cacheSettings
}

// usageText is the first part of -h.
const usageText = `usage: reconcilelint [flags] packages...
       reconcilelint [flags] files...
       reconcilelint help|explain|config|clean-cache|lsp|version ...
       go vet -vettool=$(which reconcilelint) packages...

flags:
`

// rawFlags are the flags that parseOptions turns into options.
type rawFlags struct {
	enable, disable, configPath string
	jsonOut                     bool
	cache                       string
}

// flagSet declares the flags, into o and raw.
func flagSet(o *options, raw *rawFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("reconcilelint", flag.ContinueOnError)
	// The flag package prints the error and the whole usage on a bad flag: one line
	// and a hint read better, so it prints nothing and parseOptions prints the error.
	fs.SetOutput(io.Discard)
	fs.StringVar(&raw.enable, "enable", "", "comma-separated rules to enable in addition to the defaults (\"all\" for every rule)")
	fs.StringVar(&raw.disable, "disable", "", "comma-separated rules to disable (\"all\", then -enable lists exactly the rules to run)")
	fs.StringVar(&raw.configPath, "config", "", "configuration file (default: "+ConfigFileName+" found upward from the working directory)")
	fs.BoolVar(&raw.jsonOut, "json", false, "same as -format=json")
	fs.StringVar(&o.format, "format", "text", "output format: text, json (the go/analysis JSON shape), sarif (SARIF 2.1.0), github (workflow commands)")
	fs.StringVar(&o.output, "output", "", "write findings to this file instead of standard output")
	fs.StringVar(&o.sarifOut, "sarif-output", "", "also write the findings as SARIF 2.1.0 to this file, from the same analysis (e.g. -format=github for annotations and SARIF for code scanning)")
	fs.StringVar(&o.baseFile, "baseline", "", "report only findings that are not in this baseline file")
	fs.StringVar(&o.writeBase, "write-baseline", "", "record the current findings in this baseline file and exit 0")
	fs.BoolVar(&o.fix, "fix", false, "apply every suggested fix; findings without a fix go to standard error (exit 1 if any)")
	fs.BoolVar(&o.diff, "diff", false, "print the suggested fixes as a unified diff on standard output, change no file (findings go to standard error; exit 0 unless the analysis was incomplete)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags")
	fs.BoolVar(&o.timing, "timing", false, "print the time spent loading, and in each analyzer, to standard error")
	fs.BoolVar(&o.quiet, "q", false, "quiet: no summary line and no progress on standard error (findings and errors still print)")
	fs.StringVar(&raw.cache, "cache", "on", "the result cache: on (replay the results of packages whose inputs did not change) or off (a cold run; nothing is read or stored)")
	fs.StringVar(&o.cache.dir, "cache-dir", "", "result cache directory (default: $"+cache.EnvDir+", else reconcilelint in the user cache directory; GOCACHEPROG, when set, is used instead unless this flag is given)")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile to this file at exit")
	return fs
}

// parseOptions parses the command line and reads the configuration. It returns nil
// and the exit code when the run stops here (-h, a usage or configuration error).
func parseOptions(args []string, stderr io.Writer) (*options, int) {
	o := &options{}
	var raw rawFlags
	fs := flagSet(o, &raw)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprint(stderr, usageText)
			fs.PrintDefaults()
			fmt.Fprintf(stderr, "\nrules: %s\n%s\n", strings.Join(analyzers.Names(), ", "), exitCodesText)
			return nil, ExitClean
		}
		fmt.Fprintf(stderr, "reconcilelint: %v (reconcilelint -h lists the flags)\n", err)
		return nil, ExitUsage
	}
	o.patterns = fs.Args()
	if len(o.patterns) == 0 {
		fmt.Fprintln(stderr, "reconcilelint: no packages given (try ./...; reconcilelint help lists the subcommands)")
		return nil, ExitUsage
	}
	if msg := unknownCommand(o.patterns[0]); msg != "" {
		fmt.Fprintln(stderr, "reconcilelint:", msg)
		return nil, ExitUsage
	}
	if err := o.configure(raw); err != nil {
		fmt.Fprintln(stderr, "reconcilelint:", err)
		return nil, ExitUsage
	}
	return o, -1
}

// configure reads the configuration file, applies -enable and -disable, and checks
// the flags that depend on each other.
func (o *options) configure(raw rawFlags) error {
	o.wd, _ = os.Getwd()
	if raw.configPath == "" {
		raw.configPath = FindConfig(o.wd)
	}
	cfg, err := LoadConfig(raw.configPath)
	if err != nil {
		return err
	}
	// Exclude globs are relative to the configuration file's directory, wherever the
	// command runs (the vet tool and the language server match them the same way).
	o.excludeBase = o.wd
	if raw.configPath != "" {
		if abs, err := filepath.Abs(raw.configPath); err == nil {
			o.excludeBase = filepath.Dir(abs)
		}
	}
	cfg.Enable = append(cfg.Enable, splitList(raw.enable)...)
	cfg.Disable = append(cfg.Disable, splitList(raw.disable)...)
	o.cfg = cfg
	if o.analyzers, err = cfg.Analyzers(); err != nil {
		return fmt.Errorf("%s", strings.NewReplacer("enable[", "-enable[", "disable[", "-disable[").Replace(err.Error()))
	}
	if raw.jsonOut {
		o.format = "json"
	}
	switch raw.cache {
	case "on":
		o.cache.off = os.Getenv(cache.EnvDir) == "off"
	case "off":
		o.cache.off = true
	default:
		return fmt.Errorf("-cache=%q: want on or off", raw.cache)
	}
	if o.cache.dir != "" && !o.cache.off {
		if abs, err := filepath.Abs(o.cache.dir); err == nil {
			o.cache.dir = abs
		}
	}
	if !slices.Contains(formats, o.format) {
		return fmt.Errorf("unknown -format %q (known: %s)", o.format, strings.Join(formats, ", "))
	}
	if o.diff {
		o.fix = false // -fix -diff: the patch, no file changed (as go fix -diff)
	}
	if o.baseFile != "" {
		if o.base, err = readBaseline(o.baseFile); err != nil {
			return err
		}
	}
	return nil
}

// exitCodesText ends -h.
const exitCodesText = `exit codes: 0 no findings, 1 findings, 2 usage or configuration error,
            3 the analysis could not complete (a matched package not analysed, an analyzer error)
with -diff: 0 (the patch, maybe empty, is on standard output), 3 incomplete
with -fix: 0 every finding was fixed, 1 findings without a fix remain, 3 incomplete`

// subcommands are the words Dispatch takes before the standalone driver.
var subcommands = []string{"help", "explain", "config", "clean-cache", "lsp", "version"}

// unknownCommand returns an error when the first argument is neither a subcommand nor
// something that can be a package pattern or a file: a word without a slash or a dot
// that names no standard library package (`reconcilelint lint ./...`). It says which
// subcommand was meant when one is near. "" when arg is fine.
func unknownCommand(arg string) string {
	if arg == "" || strings.ContainsAny(arg, "./\\=") || strings.HasPrefix(arg, "-") ||
		slices.Contains([]string{"all", "std", "cmd"}, arg) {
		return ""
	}
	if st, err := os.Stat(arg); err == nil && st.IsDir() {
		return "" // a directory in GOPATH mode, say
	}
	if goroot := build.Default.GOROOT; goroot != "" {
		if st, err := os.Stat(filepath.Join(goroot, "src", arg)); err == nil && st.IsDir() {
			return "" // a standard library package: reconcilelint fmt
		}
	}
	msg := fmt.Sprintf("unknown command %q", arg)
	best, bestD := "", len(arg)/2+1
	for _, c := range subcommands {
		if d := levenshtein(strings.ToLower(arg), c); d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", best)
	}
	return msg + "; subcommands: " + strings.Join(subcommands, ", ") + "; packages are patterns such as ./... (reconcilelint help)"
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
