//go:build ignore

package tagged

this file is never built
