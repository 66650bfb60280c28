module github.com/reconcilelint/reconcilelint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/btree v1.1.3
	github.com/pmezard/go-difflib v1.0.0
	github.com/sourcegraph/jsonrpc2 v0.2.3
	golang.org/x/mod v0.42.0
	golang.org/x/time v0.3.0
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require golang.org/x/sync v0.24.0 // indirect
