// Package tools runs external tools for the controllers.
package tools

import (
	"context"
	"os/exec"
)

// Version runs the tool without a context: it cannot be cancelled.
func Version(name string) (string, error) {
	out, err := exec.Command(name, "version").Output()
	return string(out), err
}

// VersionContext runs the tool with the caller's context.
func VersionContext(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, name, "version").Output()
	return string(out), err
}
