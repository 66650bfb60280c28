package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionText(t *testing.T) {
	info := func(main string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/reconcilelint/reconcilelint", Version: main}}
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		name  string
		stamp string
		info  *debug.BuildInfo
		ok    bool
		want  string
	}{
		{"go install module@version", "", info("v1.2.3"), true, "reconcilelint v1.2.3 go1.26.8"},
		{"tagged clean checkout", "", info("v1.2.3", "vcs.revision", rev, "vcs.modified", "false"), true, "reconcilelint v1.2.3 (revision 0123456789ab) go1.26.8"},
		{"dirty checkout", "", info("v1.2.3+dirty", "vcs.revision", rev, "vcs.modified", "true"), true, "reconcilelint v0.1.0-dev (revision 0123456789ab-dirty) go1.26.8"},
		{"untagged checkout", "", info("v0.0.0-20261204195833-0123456789ab", "vcs.revision", rev, "vcs.modified", "false"), true, "reconcilelint v0.1.0-dev (revision 0123456789ab) go1.26.8"},
		{"no VCS (-buildvcs=false)", "", info("(devel)"), true, "reconcilelint v0.1.0-dev go1.26.8"},
		{"no build info", "", nil, false, "reconcilelint v0.1.0-dev"},
		{"stamp wins", "v2.0.0", info("(devel)", "vcs.revision", rev, "vcs.modified", "true"), true, "reconcilelint v2.0.0 (revision 0123456789ab-dirty) go1.26.8"},
		{"stamp wins over module version", "v2.0.0", info("v1.2.3"), true, "reconcilelint v2.0.0 go1.26.8"},
	} {
		if got := versionText(c.stamp, c.info, c.ok); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestVersionCommand builds the binary plain and with the release stamp and runs
// `version` and `-version`.
func TestVersionCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		ldflags string
		want    string
	}{
		{"", "reconcilelint v0.1.0-dev"},
		{"-X github.com/reconcilelint/reconcilelint/internal/driver.stampedVersion=v9.8.7", "reconcilelint v9.8.7"},
	} {
		bin := filepath.Join(dir, "reconcilelint")
		build := exec.Command("go", "build", "-ldflags", c.ldflags, "-o", bin, "github.com/reconcilelint/reconcilelint/cmd/reconcilelint")
		build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("build: %v\n%s", err, out)
		}
		for _, arg := range []string{"version", "-version", "--version"} {
			var out, errb bytes.Buffer
			cmd := exec.Command(bin, arg)
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil || !strings.HasPrefix(out.String(), c.want+" go1.") {
				t.Errorf("%s %s (ldflags %q): %v %q, want %q go1...\n%s", bin, arg, c.ldflags, err, out.String(), c.want, errb.String())
			}
		}
		if out, err := exec.Command(bin, "version", "extra").CombinedOutput(); err == nil {
			t.Errorf("version extra: exit 0, want usage error\n%s", out)
		}
	}
}
