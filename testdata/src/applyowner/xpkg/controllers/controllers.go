// Package controllers applies with a field owner that the caller sets in a struct field
// or passes as a parameter: the values are judged where they are given.
package controllers

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	FieldManager string
	manager      string
}

func (r *R) apply(ctx context.Context, ac runtime.ApplyConfiguration) {
	_ = r.Apply(ctx, ac, client.FieldOwner(r.FieldManager)) // judged at the stores into FieldManager
	_ = r.Apply(ctx, ac, client.FieldOwner(r.manager))      // judged at the stores into manager, below
}

func New(c client.Client) *R {
	return &R{Client: c, manager: "my-operator"}
}

func ApplyWith(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration, owner string) error {
	return c.Apply(ctx, ac, client.FieldOwner(owner))
}
