// Package testutil is test support: no rule reports here, so an ignore directive that
// suppresses nothing is not reported either.
package testutil

import (
	"time"
)

func Wait() {
	time.Sleep(time.Millisecond) //reconcilelint:ignore sleep left from an older version
	time.Sleep(time.Millisecond) //reconcilelint:ignore
}
