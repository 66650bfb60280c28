package negative

import (
	"net/http"
	"os/exec"
	"testing"
)

// Test files are not reported, even when they call a reconciler's helpers.
func TestProbe(t *testing.T) {
	if _, err := http.Get("http://localhost"); err == nil {
		t.Log("up")
	}
	_ = exec.Command("true").Run()
}
