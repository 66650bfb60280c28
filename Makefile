# reconcilelint — common tasks. `make test` is what CI runs (see .ci/run).
GO ?= go
BIN := bin/reconcilelint

.PHONY: all build test test-short lint generate verify e2e bench clean release

all: build

build:
	$(GO) build -o $(BIN) ./cmd/reconcilelint

# The nested test-only module that links controller-runtime and client-go (the stub
# check, the differential tests of runtime/ against the real queues and controller),
# kept out of the main module so that go install and go get -tool pull in no
# Kubernetes module the binary does not link.
K8STEST := internal/k8stest

# The whole test suite: unit, analysistest, generated-file checks, e2e (builds the
# binary and runs it on testdata/e2e modules that use the real controller-runtime),
# then the nested module.
# The rule packages (analyzers/RULE: one rule at a time on its analysistest cases) run
# without the race detector, which makes them several times slower and has nothing to
# find there; analyzers.TestAllRulesTogether runs every rule and shared pass at once,
# concurrently, under it (it found a race in the wiring pass that the per-rule runs
# never could). Everything else runs under the detector.
RULEPKGS = $$($(GO) list ./analyzers/... | grep -E '/analyzers/[a-z]+$$')
OTHERPKGS = $$($(GO) list ./... | grep -v -E '/analyzers/[a-z]+$$')

test:
	$(GO) test -timeout 30m $(RULEPKGS)
	$(GO) test -race -timeout 30m $(OTHERPKGS)
	cd $(K8STEST) && $(GO) test -race -timeout 30m ./...

test-short:
	$(GO) test -short ./...
	cd $(K8STEST) && $(GO) test -short ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/')); if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
	cd $(K8STEST) && $(GO) vet ./... && $(GO) vet -tags k8sdeps ./stubcheck
	cd $(K8STEST) && $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# The runtime fixtures first: the rule docs embed their run-time sections.
generate:
	$(GO) generate ./runtime
	$(GO) generate ./analyzers

# verify fails when a generated file is stale.
verify: generate
	git diff --exit-code -- analyzers/all.go docs testdata/runtime

e2e:
	$(GO) test ./internal/e2e/...

# kube-apiserver v1.36.3 and etcd v3.6.8, built from the Go module proxy by the nested
# module internal/kubebin (minutes cold; the build cache makes a rebuild quick), into a
# directory outside the work tree that envtest takes as KUBEBUILDER_ASSETS. Then the
# store and the informer against them, and reconcilers under a real manager
# (internal/k8stest/realapi). Not in `make test`: .ci/run calls it when the binaries are
# already there (docs/runtime.md has the timings).
KUBEBIN ?= $(HOME)/.cache/reconcilelint/kubebuilder-assets-v1.36.3

.PHONY: kubebin apiserver-test realapi-test
kubebin:
	@mkdir -p $(KUBEBIN)
	cd internal/kubebin && GOWORK=off GOFLAGS=-mod=mod $(GO) build -o $(KUBEBIN)/etcd ./etcd
	cd internal/kubebin && GOWORK=off GOFLAGS=-mod=mod $(GO) build -o $(KUBEBIN)/kube-apiserver k8s.io/kubernetes/cmd/kube-apiserver

apiserver-test: kubebin realapi-test

# The tests alone, on binaries already in $(KUBEBIN) (what .ci/run calls).
realapi-test:
	cd $(K8STEST) && KUBEBUILDER_ASSETS=$(KUBEBIN) $(GO) test -count=1 -timeout 20m -v -run "$(RUN)" ./realapi

clean:
	rm -rf bin dist

# The release archives under dist/: reconcilelint_VERSION_OS_ARCH.tar.gz (.zip for
# windows) for linux, darwin and windows on amd64 and arm64, each with the binary
# (CGO_ENABLED=0, -trimpath, VERSION stamped into internal/driver.stampedVersion),
# LICENSE and README.md, and dist/checksums.txt (`sha256sum -c checksums.txt`).
# VERSION is the tag on HEAD, else v0.1.0-dev. Only the go command is needed.
VERSION ?= $(shell git describe --tags --exact-match 2>/dev/null || echo v0.1.0-dev)

release:
	rm -rf dist
	$(GO) run ./internal/release -go $(GO) -version $(VERSION) -out dist

# golangci-lint v2.15.0 with the reconcilelint module plugin (docs/golangci-lint.md),
# built offline from the nested module plugin/gcl. main.version carries a hash of every
# source file of this module linked into the plugin and of both go.sum files:
# golangci-lint keys its result cache on the version. Cold build: minutes; then seconds.
GCL := bin/golangci-lint-reconcilelint
GCL_SOURCES = $(shell $(GO) list -deps -f '{{if .Module}}{{if eq .Module.Path "github.com/reconcilelint/reconcilelint"}}{{range .GoFiles}}{{$$.Dir}}/{{.}} {{end}}{{range .EmbedFiles}}{{$$.Dir}}/{{.}} {{end}}{{end}}{{end}}' ./plugin)
GCL_VERSION = v2.15.0-custom-gcl-$(shell cd $(CURDIR) && sha256sum $(GCL_SOURCES) go.sum plugin/gcl/go.sum | sed "s|$(CURDIR)/||" | sha256sum | cut -c1-16)

.PHONY: gcl plugin-test

gcl:
	@mkdir -p bin
	cd plugin/gcl && $(GO) build -ldflags "-X 'main.version=$(GCL_VERSION)'" -o ../../$(GCL) .

# Builds the custom golangci-lint and runs it on the scenarios of testdata/integration.
plugin-test: gcl
	cd plugin/gcl && GCL_BIN=$(CURDIR)/$(GCL) $(GO) test -count=1 -timeout 30m ./...

# Benchmarks on real operators (downloads them through the module proxy; minutes).
# Never part of `make test`. Writes docs/performance.md.
bench:
	$(GO) run ./internal/bench -n 3 -once=external-secrets $(if $(BASELINE),-baseline=$(BASELINE))

# Robustness: every rule on every package of real operators, controller-runtime and
# client-go (downloads them through the module proxy; minutes). Fails on any panic or
# analyzer error. Never part of `make test` (the test skips without RECONCILELINT_CORPUS).
.PHONY: corpus
corpus:
	RECONCILELINT_CORPUS=1 $(GO) test -count=1 -timeout 90m -v -run TestCorpus ./internal/corpus

# The VS Code extension (editors/vscode; needs node and npm): compiled with tsc and
# packaged as editors/vscode/reconcilelint-VERSION.vsix.
.PHONY: vscode
vscode:
	cd editors/vscode && npm ci --no-audit --no-fund && npx tsc -p . && npx @vscode/vsce package --skip-license
