package driver

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"golang.org/x/mod/module"
)

// stampedVersion is set by a release build (make release):
//
//	go build -ldflags "-X github.com/reconcilelint/reconcilelint/internal/driver.stampedVersion=v1.2.3" ./cmd/reconcilelint
//
// It wins over the build information.
var stampedVersion string

// devVersion is what a build from a checkout that is not a tagged release reports.
const devVersion = "v0.1.0-dev"

// versionText is the line `reconcilelint version` prints: the stamped version, else
// the main module's version from the build information (set by go install
// module@version and by VCS-stamped builds of a tagged, clean checkout), else
// devVersion; then the VCS revision when the build recorded one.
func versionText(stamp string, info *debug.BuildInfo, ok bool) string {
	v, rev := versionOf(stamp, info, ok)
	line := "reconcilelint " + v
	if rev != "" {
		line += " (revision " + rev + ")"
	}
	if ok && info.GoVersion != "" {
		line += " " + info.GoVersion
	}
	return line
}

// versionOf returns the version and the short VCS revision ("-dirty" when the
// checkout had changes; "" when the build recorded none).
func versionOf(stamp string, info *debug.BuildInfo, ok bool) (string, string) {
	v := stamp
	var rev string
	modified := false
	if ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if v == "" {
			mv := info.Main.Version
			if mv != "" && mv != "(devel)" && !strings.Contains(mv, "+dirty") && !module.IsPseudoVersion(mv) && !modified {
				v = mv
			}
		}
	}
	if v == "" {
		v = devVersion
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" && modified {
		rev += "-dirty"
	}
	return v, rev
}

func printVersion(stdout io.Writer) int {
	info, ok := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionText(stampedVersion, info, ok))
	return ExitClean
}
