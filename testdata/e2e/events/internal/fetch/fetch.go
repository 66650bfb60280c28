// Package fetch downloads release files for a command-line tool (the shape of
// cluster-api's clusterctl): no reconcile or webhook calls it, but its callers pass a
// ctx that cannot stop the download.
package fetch

import (
	"context"
	"io"
	"net/http"
)

// File downloads url. The ctx is taken and ignored.
func File(ctx context.Context, url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
