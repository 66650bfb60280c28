// Package main imports a module that is not in the module cache: with GOPROXY=off the
// go command cannot load it.
package main

import "example.invalid/absent"

func main() { absent.Run() }
