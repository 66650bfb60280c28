package main

import (
	"context"
	"errors"

	ctrl "sigs.k8s.io/controller-runtime"
)

// run is the good version: the signal handler's context, and a cache wait bounded by it.
func run(mgr ctrl.Manager) error {
	ctx, cancel := context.WithCancel(ctrl.SetupSignalHandler())
	defer cancel()
	if err := mgr.Add(ctrlRunnable(func(ctx context.Context) error {
		if !mgr.GetCache().WaitForCacheSync(ctx) {
			return errors.New("caches did not sync")
		}
		return nil
	})); err != nil {
		return err
	}
	return mgr.Start(ctx)
}

type ctrlRunnable func(context.Context) error

func (f ctrlRunnable) Start(ctx context.Context) error { return f(ctx) }
