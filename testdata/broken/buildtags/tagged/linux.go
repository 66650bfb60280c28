//go:build linux

package tagged

func t() int { return 1 }
