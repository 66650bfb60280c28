module github.com/reconcilelint/reconcilelint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/btree v1.1.3
	github.com/owenrumney/go-sarif/v3 v3.3.1
	github.com/pmezard/go-difflib v1.0.0
	github.com/sourcegraph/jsonrpc2 v0.2.3
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/mod v0.42.0
	golang.org/x/time v0.3.0
	golang.org/x/tools v0.52.0
	sigs.k8s.io/yaml v1.6.0
)

require (
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	github.com/xeipuuv/gojsonschema v1.2.0 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
