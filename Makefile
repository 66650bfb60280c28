# reconcilelint — common tasks. `make test` is what CI runs (see .ci/run).
GO ?= go
BIN := bin/reconcilelint

.PHONY: all build test test-short lint generate verify e2e bench clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/reconcilelint

# The whole test suite: unit, analysistest, generated-file checks, e2e (builds the
# binary and runs it on testdata/e2e modules that use the real controller-runtime).
test:
	$(GO) test -race ./...

test-short:
	$(GO) test -short ./...

lint:
	gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/') | tee /dev/stderr | (! read)
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# The runtime fixtures first: the rule docs embed their run-time sections.
generate:
	$(GO) generate ./runtime
	$(GO) generate ./analyzers

# verify fails when a generated file is stale.
verify: generate
	git diff --exit-code -- analyzers/all.go docs testdata/runtime

e2e:
	$(GO) test ./internal/e2e/...

clean:
	rm -rf bin
