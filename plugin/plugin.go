// Package plugin registers reconcilelint as a golangci-lint v2 module plugin called
// "reconcilelint".
//
// Its settings (linters.settings.custom.reconcilelint.settings in .golangci.yml) are the
// one typed analyzers.Config that the standalone binary reads from .reconcilelint.yaml:
// enable, disable, rules.<rule>.<option> and exclude. They are decoded strictly: an
// unknown key is an error that names its path (rules.sleep.alow), and the configuration
// is validated before any analyzer is built, so a mistake stops golangci-lint instead of
// silently running the defaults. Options that are not given keep their defaults.
//
// Exclude globs are honoured as the standalone binary honours them: matched against the
// file path relative to the directory of the configuration file (here golangci-lint's
// .golangci.yml, found upward from the working directory as golangci-lint finds it), or
// against its base name, so that one configuration means the same thing in both drivers. golangci-lint's own
// linters.exclusions.paths works as well and is the usual place for excludes that apply
// to every linter.
//
// See docs/golangci-lint.md for building the custom golangci-lint and configuring it.
package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// Name is the name of the plugin: the key under linters.settings.custom, the name in
// linters.enable and in //nolint:reconcilelint.
const Name = "reconcilelint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the golangci-lint plugin, configured by its settings.
type Plugin struct {
	cfg analyzers.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes settings strictly into an analyzers.Config (starting from the defaults)
// and validates it. Errors name the field path.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := Decode(settings)
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	return &Plugin{cfg: cfg}, nil
}

// Decode decodes golangci-lint's raw settings (nil, or the map golangci-lint read from
// its configuration file) into an analyzers.Config. Keys not given keep the values of
// analyzers.DefaultConfig. An unknown key is an error that names its path.
func Decode(settings any) (analyzers.Config, error) {
	// register.DecodeSettings is the strict decoding every module plugin uses. It
	// starts from the zero Config, so it serves as the check; the configuration itself
	// is decoded onto the defaults, with the same strictness.
	if _, err := register.DecodeSettings[analyzers.Config](settings); err != nil {
		if msg := unknownKey(settings); msg != "" {
			return analyzers.Config{}, fmt.Errorf("%s", msg)
		}
		return analyzers.Config{}, err
	}
	cfg := analyzers.DefaultConfig()
	if err := decodeOnto(settings, &cfg); err != nil {
		return analyzers.Config{}, err
	}
	return cfg, nil
}

// BuildAnalyzers returns the analyzers the configuration enables, each configured
// with its options; the directive analyzer, when enabled, comes last.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	as, err := p.cfg.Analyzers()
	if err != nil {
		return nil, err
	}
	if len(p.cfg.Exclude) > 0 {
		wd, _ := os.Getwd()
		base := ExcludeBase(wd)
		for _, a := range as {
			p.exclude(a, base)
		}
	}
	return as, nil
}

// GetLoadMode reports that the analyzers need type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// exclude makes a (a fresh instance built by Config.Analyzers, shared with no one)
// drop the diagnostics in files that Exclude matches. The analyzer's result is left
// alone: the directive analyzer still sees which ignore directives were used.
func (p *Plugin) exclude(a *analysis.Analyzer, wd string) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			if f := pass.Fset.File(d.Pos); f != nil && p.cfg.Excluded(relPath(wd, f.Name())) {
				return
			}
			report(d)
		}
		return run(pass)
	}
}

// golangciConfigs are the names golangci-lint looks for, in its order.
var golangciConfigs = []string{".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"}

// ExcludeBase returns the directory exclude globs are relative to: that of the nearest
// golangci-lint configuration file at or above wd (the plugin's settings are in it), or
// wd when there is none.
func ExcludeBase(wd string) string {
	for dir := wd; dir != ""; {
		for _, name := range golangciConfigs {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil && !st.IsDir() {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return wd
}

func relPath(wd, file string) string {
	if wd != "" {
		if r, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(file)
}
