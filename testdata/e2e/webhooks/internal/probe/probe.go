// Package probe checks an endpoint, slowly.
package probe

import (
	"net/http"
	"time"
)

// Reachable polls url three times, a second apart.
func Reachable(url string) bool {
	for range 3 {
		resp, err := http.Head(url)
		if err == nil {
			resp.Body.Close()
			return true
		}
		time.Sleep(time.Second)
	}
	return false
}
