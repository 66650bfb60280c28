// Command golangci-lint-reconcilelint is golangci-lint v2.15.0 with the reconcilelint
// module plugin compiled in: the offline equivalent of the binary `golangci-lint custom`
// builds from .custom-gcl.yml. Build it with `make gcl` (see docs/development.md).
//
// main, createBuildInfo and the version variables follow golangci-lint's
// cmd/golangci-lint/main.go; the blank import is what `custom` writes into plugins.go.
package main

import (
	"cmp"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/reconcilelint/reconcilelint/plugin"
)

// Set with -ldflags -X by `make gcl`: version is "v2.15.0-custom-gcl-<hash of the
// plugin's and analyzers' sources>". golangci-lint keys its result cache on the
// version, so a plugin change must change it.
var (
	goVersion = "unknown"
	version   = "v2.15.0-custom-gcl-unstamped"
	commit    = "?"
	date      = ""
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo differs from golangci-lint's createBuildInfo in one point: the version is
// always the stamped one, never replaced by the module's (devel) version.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Commit: commit, Version: version, GoVersion: goVersion, Date: cmp.Or(date, "(unknown)")}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
	}
	return info
}
