// Command reconcilelint finds the documented pitfalls of Kubernetes controller code.
//
//	reconcilelint [flags] ./...                 analyse packages (standalone)
//	go vet -vettool=$(which reconcilelint) ./... the same through go vet
//	go fix -fixtool=$(which reconcilelint) ./... apply fixes through go fix
//	reconcilelint help [RULE]                    list rules, or print a rule's documentation
//	reconcilelint explain RULE                   print a rule's documentation with its run-time trace
//	reconcilelint lsp                            language server over stdio (docs/editors.md)
//
// Exit codes: 0 no findings, 1 findings, 2 usage or configuration error, 3 the analysis
// could not complete.
package main

import (
	"os"

	"github.com/reconcilelint/reconcilelint/internal/driver"
	_ "github.com/reconcilelint/reconcilelint/internal/lsp" // registers driver.LSP
)

func main() {
	os.Exit(driver.Dispatch(os.Args[1:], os.Stdout, os.Stderr))
}
