// A test-only module: it pins github.com/bradfitz/go-tool-cache (go-cacher, a
// GOCACHEPROG program, and go-cacher-server, the HTTP store it can share) for
// internal/e2e's TestGOCACHEPROGTwoMachines, so that the main module does not require it.
// lz4 is raised above v4.1.25, which its author retracted.
module example.com/gocacheprog

go 1.25.0

tool (
	github.com/bradfitz/go-tool-cache/cmd/go-cacher
	github.com/bradfitz/go-tool-cache/cmd/go-cacher-server
)

require (
	github.com/bradfitz/go-tool-cache v0.0.0-20260722201841-0bb331e19f64 // indirect
	github.com/pierrec/lz4/v4 v4.1.34 // indirect
)
